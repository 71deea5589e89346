package io.paypipe.sandbox.stripe;

import java.time.Clock;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The sandbox playing Stripe's Refunds API: {@code stripeRefundApi} refunds the
 * PaymentIntents {@code stripePayments} saw succeed ({@code sandbox.stripe.*}).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(StripeRefundProperties.class)
class StripeRefundsConfiguration {

    @Bean(destroyMethod = "close")
    StripeRefundApi stripeRefundApi(StripePayments stripePayments, StripeRefundProperties properties,
            @Qualifier("sandboxClock") Clock clock) {
        return new StripeRefundApi(stripePayments, clock, properties.refundSettleDelay(),
                properties.idempotencyKeyTtl());
    }

}
