package io.paypipe.bench;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.Topics;
import java.time.Instant;

/**
 * The size of a typical {@code payment.notify} record value, for the Kafka floor's
 * records.
 */
final class EventSize {

    private EventSize() {
    }

    static int ofNotification() {
        OrderKey key = new OrderKey(TenantId.of("demo"), MerchantId.of("1900000100"),
                OutTradeNo.of("BENCHMHX2K9Q1-000123"));
        PaymentNotified event = new PaymentNotified(PaymentNotified.idFor(123_456), 123_456, Channel.WECHATPAY, key,
                null, ChannelTradeNo.of("4200002026113012345678901234"), PaymentState.SUCCEEDED, "SUCCESS",
                Money.of(12_345, "CNY"), Money.of(12_345, "CNY"), Instant.now(), Instant.now());
        try (var serializer = Topics.PAYMENT_NOTIFY.valueSerializer()) {
            return serializer.serialize(Topics.PAYMENT_NOTIFY.name(), event).length;
        }
    }

}
