package io.paypipe.reconcile.raw;

import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import java.time.Instant;
import java.util.Optional;

/**
 * A payment (or a closed trade) the active query learnt from the channel's verified
 * answer, to be stored as a {@code pay_notify_raw} row with source {@code QUERY}:
 * {@code state} as the processor reads it, {@code channelState} as the channel said it,
 * {@code body} the channel's verbatim answer. {@code paidAt} is empty unless paid.
 */
public record FoundPayment(OrderKey orderKey, Optional<MerchantId> spMerchantId, Channel channel,
        ChannelTradeNo tradeNo, PaymentState state, String channelState, Money orderAmount, Money paidAmount,
        Optional<Instant> paidAt, String body) {

    @Override
    public String toString() {
        return "FoundPayment[" + orderKey + " " + channel.code() + " " + tradeNo + " " + state + " (" + channelState
                + ") paid " + paidAmount + "]";
    }

}
