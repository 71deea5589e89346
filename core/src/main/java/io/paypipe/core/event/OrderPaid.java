package io.paypipe.core.event;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import java.time.Instant;

/**
 * An order was paid. The event id is derived from the channel trade number, so the same
 * payment always yields the same id however often it is published; downstream consumers
 * apply each id once.
 */
public record OrderPaid(EventId eventId, OrderId orderId, OrderKey orderKey, Channel channel,
        ChannelTradeNo channelTradeNo, Money orderAmount, Money paidAmount, Instant paidAt) {

    public static EventId idFor(Channel channel, ChannelTradeNo channelTradeNo) {
        return EventId.derived("order.paid", channel.code(), channelTradeNo.value());
    }
}
