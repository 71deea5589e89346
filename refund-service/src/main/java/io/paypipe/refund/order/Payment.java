package io.paypipe.refund.order;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.money.Money;
import java.util.Optional;

/**
 * One payment that refunds are counted against: a channel trade of an order and what it
 * paid. The order's paying trade (paid = {@code orders.paid_amount_minor}), or money the
 * order could not take that a refund task sends back ({@code refundTaskId}; paid = the
 * task's amount). Refunds of one payment never exceed what it paid; another payment of
 * the same order is counted on its own.
 */
public record Payment(OrderId orderId, Channel channel, ChannelTradeNo channelTradeNo, Money paid,
        Optional<Long> refundTaskId) {

    public boolean isTask() {
        return refundTaskId.isPresent();
    }

}
