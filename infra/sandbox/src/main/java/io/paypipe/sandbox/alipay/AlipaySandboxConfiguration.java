package io.paypipe.sandbox.alipay;

import io.paypipe.sandbox.bill.BillScenarios;
import io.paypipe.sandbox.bill.SettlementBook;
import io.paypipe.sandbox.config.SandboxProperties;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.push.NotificationPusher;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.ChannelCalls;
import io.paypipe.sandbox.query.ChannelOrderBooks;
import io.paypipe.sandbox.query.CloseScenarios;
import io.paypipe.sandbox.query.QueryFaults;
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
 * {@code alipayPayments} was paid and {@code alipayOrderDesk} queries and closes them,
 * behind {@code alipayGateway} (the openapi gateway the SDK calls;
 * {@code sandbox.alipay.*}), which also hands out the bills of {@code alipayBillDesk}
 * (made of the {@code settlementBook} that {@code alipayPayments} records in).
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
            SandboxProperties properties, CallbackScenarios callbacks, ChannelOrderBooks books,
            SettlementBook settlementBook, @Qualifier("sandboxClock") Clock clock) {
        AlipayPayments payments = new AlipayPayments(merchants, notifications, AlipayPayments
            .pusher(properties.alipayNotifyUrl(), properties.timeCompression(), properties.notifyTimeout(), clock),
                callbacks, settlementBook);
        books.register(new AlipayOrderBook(payments));
        return payments;
    }

    @Bean
    AlipayOrderDesk alipayOrderDesk(AlipayPayments payments, ChannelCalls calls, QueryFaults faults,
            CallbackScenarios callbacks, CloseScenarios closes, @Qualifier("sandboxClock") Clock clock) {
        return new AlipayOrderDesk(payments, calls, faults, callbacks, closes, clock);
    }

    @Bean(destroyMethod = "close")
    AlipayRefundDesk alipayRefundDesk(AlipayPayments payments, AlipayRefundProperties properties,
            @Qualifier("sandboxClock") Clock clock) {
        return new AlipayRefundDesk(payments, clock, properties.refundMinInterval(), properties.refundSettleDelay());
    }

    @Bean
    AlipayBillDesk alipayBillDesk(SettlementBook settlementBook, BillScenarios billScenarios,
            AlipayRefundProperties properties, @Qualifier("sandboxClock") Clock clock) {
        return new AlipayBillDesk(settlementBook, billScenarios, clock, properties.billUrlTtl());
    }

    @Bean
    AlipayGateway alipayGateway(SandboxMerchants merchants, AlipayRefundDesk desk, AlipayOrderDesk orders,
            ChannelCalls calls, AlipayBillDesk bills) {
        return new AlipayGateway(merchants, desk, orders, calls, bills);
    }

}
