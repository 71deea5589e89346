package io.paypipe.sandbox.alipay;

import io.paypipe.sandbox.config.SandboxProperties;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.push.NotificationPusher;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The sandbox playing Alipay: {@code alipayNotifications} builds and signs,
 * {@code alipayPayments} pushes with its own pusher (Alipay's re-send schedule and
 * success ack, to {@code sandbox.notify-base-url} + {@code sandbox.alipay-notify-path}).
 * The pusher is not a bean of its own, so the WeChat one stays the only
 * {@link NotificationPusher} in the context. {@code alipayRefundDesk} refunds the trades
 * {@code alipayPayments} was paid, behind {@code alipayGateway} (the openapi gateway the
 * SDK calls; {@code sandbox.alipay.*}).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AlipayRefundProperties.class)
class AlipaySandboxConfiguration {

    @Bean
    AlipayNotifications alipayNotifications(@Qualifier("sandboxClock") Clock clock) {
        return new AlipayNotifications(clock);
    }

    @Bean(destroyMethod = "close")
    AlipayPayments alipayPayments(SandboxMerchants merchants, AlipayNotifications notifications,
            SandboxProperties properties, @Qualifier("sandboxClock") Clock clock) {
        return new AlipayPayments(merchants, notifications, AlipayPayments.pusher(properties.alipayNotifyUrl(),
                properties.timeCompression(), properties.notifyTimeout(), clock));
    }

    @Bean(destroyMethod = "close")
    AlipayRefundDesk alipayRefundDesk(AlipayPayments payments, AlipayRefundProperties properties,
            @Qualifier("sandboxClock") Clock clock) {
        return new AlipayRefundDesk(payments, clock, properties.refundMinInterval(), properties.refundSettleDelay());
    }

    @Bean
    AlipayGateway alipayGateway(SandboxMerchants merchants, AlipayRefundDesk desk) {
        return new AlipayGateway(merchants, desk);
    }

}
