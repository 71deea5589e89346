package io.paypipe.ingress.intake;

import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.event.RefundState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import java.time.Instant;
import java.util.Objects;

/**
 * A verified refund notification, whatever the channel: what gets stored in
 * {@code pay_refund_raw} and published to {@code refund.notify}. {@code refundNo} is our
 * own refund number; {@code channelRefundId}, {@code succeededAt}, {@code spMerchantId}
 * and {@code notifyId} may be null (see {@code RefundNotified}).
 */
public record VerifiedRefund(Channel channel, OrderKey orderKey, MerchantId spMerchantId, String refundNo,
        String channelRefundId, ChannelTradeNo channelTradeNo, RefundState state, String channelState,
        Money refundAmount, Instant succeededAt, String notifyId, String rawBody) implements Verified<RefundNotified> {

    public VerifiedRefund {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(orderKey, "orderKey");
        Objects.requireNonNull(channelTradeNo, "channelTradeNo");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(channelState, "channelState");
        Objects.requireNonNull(refundAmount, "refundAmount");
        Objects.requireNonNull(rawBody, "rawBody");
        if (refundNo == null || refundNo.isBlank() || refundNo.length() > 64) {
            throw new IllegalArgumentException("refundNo must be 1 to 64 characters");
        }
    }

    /** Our refund number, the raw row's key within its channel. */
    @Override
    public String loggedId() {
        return refundNo;
    }

    @Override
    public RefundNotified event(long rawId, Instant receivedAt) {
        return new RefundNotified(RefundNotified.idFor(rawId), rawId, channel, orderKey, spMerchantId, refundNo,
                channelRefundId, channelTradeNo, state, channelState, refundAmount, null, succeededAt, receivedAt);
    }

    @Override
    public String toString() {
        return "VerifiedRefund[" + channel.code() + " " + orderKey + " refund " + refundNo + " " + channelState + "]";
    }
}
