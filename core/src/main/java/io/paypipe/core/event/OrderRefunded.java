package io.paypipe.core.event;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import java.time.Instant;

/**
 * Money of an order's payment went back: one event per refund that succeeded, its id
 * derived from the merchant and our refund number, so the same refund always yields the
 * same id however often it is published. {@code refundAmount} is this refund's amount;
 * {@code refundedTotal} what the payment's refunds have returned so far, this one
 * included.
 */
public record OrderRefunded(EventId eventId, OrderId orderId, OrderKey orderKey, Channel channel,
        ChannelTradeNo channelTradeNo, String refundNo, String channelRefundId, Money refundAmount, Money refundedTotal,
        Instant refundedAt) {

    public static EventId idFor(OrderKey key, String refundNo) {
        return EventId.derived("order.refunded", key.merchantId().value(), refundNo);
    }
}
