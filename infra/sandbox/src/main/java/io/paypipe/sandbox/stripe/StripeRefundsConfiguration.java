package io.paypipe.sandbox.stripe;

import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.ChannelCalls;
import io.paypipe.sandbox.query.CloseScenarios;
import io.paypipe.sandbox.query.QueryFaults;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The sandbox playing Stripe's Refunds and PaymentIntents APIs: {@code stripeRefundApi}
 * refunds the PaymentIntents {@code stripePayments} saw succeed, and
 * {@code stripePaymentIntentApi} retrieves, searches and cancels them
 * ({@code sandbox.stripe.*}).
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

    @Bean
    StripePaymentIntentApi stripePaymentIntentApi(StripePayments stripePayments, ChannelCalls calls, QueryFaults faults,
            CallbackScenarios callbacks, CloseScenarios closes, StripeRefundProperties properties,
            @Qualifier("sandboxClock") Clock clock) {
        return new StripePaymentIntentApi(stripePayments, calls, faults, callbacks, closes, clock,
                properties.idempotencyKeyTtl());
    }

}
