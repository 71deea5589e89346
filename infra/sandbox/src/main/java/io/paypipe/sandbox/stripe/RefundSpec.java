package io.paypipe.sandbox.stripe;

import java.util.Locale;
import java.util.Objects;

/**
 * A Refund as Stripe reports it. {@code refundNo} and {@code outTradeNo} go into
 * {@code metadata.refund_no} and {@code metadata.out_trade_no} (null: left out, e.g. a
 * refund made in the Dashboard). {@code status}: {@code pending},
 * {@code requires_action}, {@code succeeded}, {@code failed} or {@code canceled}.
 */
public record RefundSpec(StripeMerchant merchant, String refundNo, String outTradeNo, String refundId,
        String paymentIntentId, String chargeId, long amount, String currency, String status, boolean connect) {

    public RefundSpec {
        Objects.requireNonNull(merchant, "merchant");
        Objects.requireNonNull(refundId, "refundId");
        Objects.requireNonNull(status, "status");
        currency = Objects.requireNonNull(currency, "currency").toLowerCase(Locale.ROOT);
    }

    /**
     * A succeeded refund of {@code amount} of {@code payment}, our refund number
     * {@code refundNo}.
     */
    public static RefundSpec of(PaymentIntentSpec payment, String refundNo, long amount) {
        return new RefundSpec(payment.merchant(), refundNo, payment.outTradeNo(), StripeIds.refund(),
                payment.paymentIntentId(), payment.chargeId(), amount, payment.currency(), "succeeded",
                payment.connect());
    }

    public RefundSpec withStatus(String newStatus) {
        return new RefundSpec(merchant, refundNo, outTradeNo, refundId, paymentIntentId, chargeId, amount, currency,
                newStatus, connect);
    }

    public RefundSpec withRefundNo(String no) {
        return new RefundSpec(merchant, no, outTradeNo, refundId, paymentIntentId, chargeId, amount, currency, status,
                connect);
    }

    public RefundSpec withOutTradeNo(String out) {
        return new RefundSpec(merchant, refundNo, out, refundId, paymentIntentId, chargeId, amount, currency, status,
                connect);
    }
}
