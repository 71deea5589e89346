package io.paypipe.ingress.intake;

import io.paypipe.core.money.Money;

/**
 * The two amounts a refund notice may carry, one meaning each: {@code refund} is THIS
 * refund's amount (WeChat {@code amount.refund}, a Stripe Refund's {@code amount}),
 * {@code refundedTotal} what all refunds of the payment returned so far as the channel
 * reports it (Alipay's cumulative {@code refund_fee}). Either may be null, not both; both
 * in one currency.
 */
public record RefundAmounts(Money refund, Money refundedTotal) {

    public RefundAmounts {
        if (refund == null && refundedTotal == null) {
            throw new IllegalArgumentException("a refund notice says at least one amount");
        }
        if (refund != null && refundedTotal != null && !refund.sameCurrency(refundedTotal)) {
            throw new IllegalArgumentException("refund and refunded total in two currencies");
        }
    }

    /** The notice says this refund's amount only. */
    public static RefundAmounts ofThisRefund(Money refund) {
        return new RefundAmounts(refund, null);
    }

    /** The notice says the payment's cumulative refunded amount only (Alipay). */
    public static RefundAmounts ofRefundedTotal(Money refundedTotal) {
        return new RefundAmounts(null, refundedTotal);
    }

    public String currency() {
        return refund != null ? refund.currency() : refundedTotal.currency();
    }

}
