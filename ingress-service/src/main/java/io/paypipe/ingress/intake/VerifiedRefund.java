package io.paypipe.ingress.intake;

import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.event.RefundState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import java.time.Instant;
import java.util.Objects;

/**
 * A verified refund notification, whatever the channel: what gets stored in
 * {@code pay_refund_raw} (one row per merchant, channel, {@link RefundKey} and reported
 * state) and published to {@code refund.notify}.
 * <p>
 * {@code refundNo} is the refund number the notice names, null for a refund made outside
 * the product that names none (then {@code refundKey} is the channel's refund id or, for
 * Alipay, the trade and its refunded total); whether it is one of ours only the refund
 * service knows. {@code outTradeNo} is null when the notice names no order (a Stripe
 * refund made in the Dashboard): the row keeps NULL, and the event is keyed by the
 * payment instead ({@link #orderKey()}). {@code channelRefundId}, {@code succeededAt},
 * {@code spMerchantId} and {@code notifyId} may be null (see {@code RefundNotified}).
 */
public record VerifiedRefund(Channel channel, TenantId tenantId, MerchantId merchantId, MerchantId spMerchantId,
        OutTradeNo outTradeNo, RefundKey refundKey, String refundNo, String channelRefundId,
        ChannelTradeNo channelTradeNo, RefundState state, String channelState, RefundAmounts amounts,
        Instant succeededAt, String notifyId, String rawBody) implements Verified<RefundNotified> {

    public VerifiedRefund {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(tenantId, "tenantId");
        Objects.requireNonNull(merchantId, "merchantId");
        Objects.requireNonNull(refundKey, "refundKey");
        Objects.requireNonNull(channelTradeNo, "channelTradeNo");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(channelState, "channelState");
        Objects.requireNonNull(amounts, "amounts");
        Objects.requireNonNull(rawBody, "rawBody");
        if (refundNo != null && (refundNo.isBlank() || refundNo.length() > 64)) {
            throw new IllegalArgumentException("refundNo must be 1 to 64 characters");
        }
    }

    /**
     * The order the notice names; for one that names none, the payment stands in for it
     * (out_trade_no = the channel trade number), so that the record's key keeps one
     * payment's refunds on one partition. The refund service matches such a refund by
     * {@code channelTradeNo}.
     */
    @Override
    public OrderKey orderKey() {
        return new OrderKey(tenantId, merchantId,
                outTradeNo != null ? outTradeNo : OutTradeNo.of(channelTradeNo.value()));
    }

    /** This refund's amount; null when the notice does not say it (Alipay). */
    public Money refundAmount() {
        return amounts.refund();
    }

    /**
     * The payment's refunded total as the channel reports it; null when the notice does
     * not say it.
     */
    public Money refundedTotal() {
        return amounts.refundedTotal();
    }

    /** The refund key: our refund number, or what stands in for a missing one. */
    @Override
    public String loggedId() {
        return refundKey.value();
    }

    @Override
    public RefundNotified event(long rawId, Instant receivedAt) {
        return new RefundNotified(RefundNotified.idFor(rawId), rawId, channel, orderKey(), spMerchantId, refundNo,
                channelRefundId, channelTradeNo, state, channelState, amounts.refund(), amounts.refundedTotal(),
                succeededAt, receivedAt);
    }

    @Override
    public String toString() {
        return "VerifiedRefund[" + channel.code() + " " + orderKey() + " refund " + refundKey + " " + channelState
                + "]";
    }
}
