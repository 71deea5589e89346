package io.paypipe.ingress.intake;

import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.money.Money;
import java.util.Objects;

/**
 * What names one refund in {@code pay_refund_raw} ({@code refund_key}, unique with the
 * merchant, the channel and the reported state): the refund number the notice carries
 * (ours, or one the merchant gave a refund made elsewhere: WeChat {@code out_refund_no},
 * Alipay {@code out_biz_no}, Stripe {@code metadata.refund_no}); for a refund that names
 * none, the channel's own refund id ({@code channel:<id>}, Stripe); for an Alipay notice
 * that names neither, its trade and the trade's cumulative refunded amount
 * ({@code trade:<trade_no>:<minor units>}): every refund raises that sum, so each one is
 * stored once.
 */
public record RefundKey(String value) {

    /** The width of {@code pay_refund_raw.refund_key}. */
    static final int MAX_LENGTH = 96;

    public RefundKey {
        Objects.requireNonNull(value, "value");
        if (value.isBlank() || value.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("refund key must be 1 to " + MAX_LENGTH + " characters");
        }
    }

    /** A refund known by the refund number the notice names. */
    public static RefundKey refundNo(String refundNo) {
        return new RefundKey(refundNo);
    }

    /** A refund that names no refund number, known by the channel's refund id. */
    public static RefundKey channelRefund(String channelRefundId) {
        return new RefundKey("channel:" + Objects.requireNonNull(channelRefundId, "channelRefundId"));
    }

    /**
     * A refund that names neither (Alipay), known by its trade and the trade's refunded
     * total after it.
     */
    public static RefundKey tradeRefundedTotal(ChannelTradeNo tradeNo, Money refundedTotal) {
        return new RefundKey("trade:" + tradeNo.value() + ":" + refundedTotal.minor());
    }

    @Override
    public String toString() {
        return value;
    }
}
