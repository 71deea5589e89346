package io.paypipe.ingress.intake;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import java.time.Instant;
import java.util.Objects;

/**
 * A payment notification whose signature was verified and whose content was decrypted and
 * classified, whatever the channel: what gets stored in {@code pay_notify_raw} and
 * published to {@code payment.notify}. {@code spMerchantId} is null outside
 * service-provider mode, {@code paidAt} is null unless the state is SUCCEEDED and
 * {@code notifyId} is null when the channel sent none (as in {@code PaymentNotified}).
 * {@code rawBody} is the body exactly as received.
 */
public record VerifiedPayment(Channel channel, OrderKey orderKey, MerchantId spMerchantId,
        ChannelTradeNo channelTradeNo, PaymentState state, String channelState, Money orderAmount, Money paidAmount,
        Instant paidAt, String notifyId, String rawBody) implements Verified<PaymentNotified> {

    public VerifiedPayment {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(orderKey, "orderKey");
        Objects.requireNonNull(channelTradeNo, "channelTradeNo");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(channelState, "channelState");
        Objects.requireNonNull(orderAmount, "orderAmount");
        Objects.requireNonNull(paidAmount, "paidAmount");
        Objects.requireNonNull(rawBody, "rawBody");
    }

    /** The channel's trade number, the raw row's key within its merchant and channel. */
    @Override
    public String loggedId() {
        return channelTradeNo.value();
    }

    @Override
    public PaymentNotified event(long rawId, Instant receivedAt) {
        return new PaymentNotified(PaymentNotified.idFor(rawId), rawId, channel, orderKey, spMerchantId, channelTradeNo,
                state, channelState, orderAmount, paidAmount, paidAt, receivedAt);
    }

    @Override
    public String toString() {
        // never the body: it carries the payer's data
        return "VerifiedPayment[" + channel.code() + " " + orderKey + " " + channelTradeNo + " " + channelState + "]";
    }
}
