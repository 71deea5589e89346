package io.paypipe.refund.order;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.support.order.OrderColumns;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * A row of {@code orders} as refund-service reads it: the order's paying trade
 * ({@code channelTradeNo}) and what it paid are empty until the processor paid it.
 */
public record OrderRow(OrderId id, OrderKey key, Optional<MerchantId> spMerchantId, Channel channel, Money amount,
        OrderStatus status, Optional<ChannelTradeNo> channelTradeNo, Optional<Money> paidAmount) {

    /** The statuses of an order whose payment may have refunds. */
    public static final Set<OrderStatus> REFUNDABLE = EnumSet.of(OrderStatus.PAID, OrderStatus.REFUNDING,
            OrderStatus.PARTIALLY_REFUNDED, OrderStatus.REFUNDED);

    /** The row of {@code columns} (refund-service reads no other column of an order). */
    static OrderRow of(OrderColumns columns) {
        return new OrderRow(columns.id(), columns.key(), columns.spMerchantId(), columns.channel(), columns.amount(),
                columns.status(), columns.channelTradeNo(), columns.paidAmount());
    }

    /** True when it is paid (by its paying trade) and may have refunds. */
    public boolean isPaid() {
        return REFUNDABLE.contains(status) && channelTradeNo.isPresent() && paidAmount.isPresent();
    }

    /** True when {@code tradeNo} is the trade that paid this order. */
    public boolean paidBy(ChannelTradeNo tradeNo) {
        return channelTradeNo.filter(tradeNo::equals).isPresent();
    }

    /** This order after a transition to {@code to}. */
    public OrderRow moved(OrderStatus to) {
        return new OrderRow(id, key, spMerchantId, channel, amount, to, channelTradeNo, paidAmount);
    }

    /**
     * The order's paying trade as a payment, its total the order's amount (the processor
     * pays an order only by a trade whose order amount at the channel equals it); only
     * for a paid order.
     */
    public Payment payment() {
        return new Payment(id, channel, channelTradeNo.orElseThrow(), amount, paidAmount.orElseThrow(),
                Optional.empty());
    }

}
