package io.paypipe.refund.order;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.money.Money;
import java.util.Optional;

/**
 * One payment that refunds are counted against: a channel trade of an order, its total as
 * the channel knows it and what it paid. The order's paying trade, or money the order
 * could not take that a refund task sends back ({@code refundTaskId}).
 * <p>
 * {@code paid} is what the payer paid: {@code orders.paid_amount_minor} (the ledger's
 * {@code paid_amount_minor}) for the paying trade, the task's amount for a task's trade.
 * Refunds of one payment never exceed it; another payment of the same order is counted on
 * its own.
 * <p>
 * {@code tradeTotal} is the trade's whole amount at the channel, which a channel's refund
 * API may ask for (WeChat's {@code amount.total}, the "original order amount"): the
 * order's amount, the merchant's coupon included, so more than {@code paid} when a coupon
 * paid part of it. For the paying trade it is the ledger's {@code order_amount_minor}
 * ({@code orders.amount_minor}); for a task's trade it is its order's amount too, as the
 * processor makes a refund task of a trade only after the channel's order amount for it
 * matched the order's (a notice that does not match is set aside, never a task), while
 * the task's amount is what that trade's payer paid. Never what can be refunded.
 */
public record Payment(OrderId orderId, Channel channel, ChannelTradeNo channelTradeNo, Money tradeTotal, Money paid,
        Optional<Long> refundTaskId) {

    public boolean isTask() {
        return refundTaskId.isPresent();
    }

}
