package io.paypipe.processor.order;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import io.paypipe.core.order.OrderEvent;
import io.paypipe.core.order.OrderStatus;
import java.time.Instant;
import java.util.Optional;

/**
 * A row of {@code orders}. The payment fields are empty until the order is paid;
 * {@code closedBy} is the event that closed it (the channel's close or the merchant's
 * cancellation), empty if it was never closed.
 */
public record OrderRow(OrderId id, OrderKey key, Optional<MerchantId> spMerchantId, Channel channel, Money amount,
        OrderStatus status, Optional<String> channelTradeNo, Optional<Money> paidAmount, Optional<Instant> paidAt,
        Optional<OrderEvent> closedBy) {

    /** This order as it is after a payment moved it to {@code to}. */
    public OrderRow paid(OrderStatus to, String tradeNo, Money paid, Instant at) {
        return new OrderRow(id, key, spMerchantId, channel, amount, to, Optional.of(tradeNo), Optional.of(paid),
                Optional.of(at), closedBy);
    }

    /** This order as it is after {@code event} closed it. */
    public OrderRow closed(OrderStatus to, OrderEvent event) {
        return new OrderRow(id, key, spMerchantId, channel, amount, to, channelTradeNo, paidAmount, paidAt,
                Optional.of(event));
    }

    /** True once a payment moved it (the paying trade is set). */
    public boolean isPaid() {
        return channelTradeNo.isPresent();
    }

    public boolean paidBy(String tradeNo) {
        return channelTradeNo.filter(tradeNo::equals).isPresent();
    }
}
