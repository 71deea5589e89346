package io.paypipe.core.event;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import java.time.Instant;

/**
 * Money arrived that the order cannot take and must go back: a refund task of
 * {@code amount} for the payment {@code channelTradeNo}. The id is derived from (tenant,
 * order, trade number), like the task's unique key, so however often it is raised it is
 * one task.
 */
public record RefundTaskCreated(EventId eventId, OrderId orderId, OrderKey orderKey, Channel channel,
        ChannelTradeNo channelTradeNo, Money amount, Reason reason, long rawId, Instant createdAt) {

    public enum Reason {

        DOUBLE_PAYMENT, PAID_AFTER_CLOSE

    }

    public static EventId idFor(OrderKey key, OrderId orderId, ChannelTradeNo tradeNo) {
        return EventId.derived("refund.task", key.tenantId().value(), orderId.toString(), tradeNo.value());
    }
}
