package io.paypipe.core.event;

/** A channel's trade state, classified the same way for every channel. */
public enum PaymentState {

    /**
     * Money arrived: WeChat SUCCESS, Alipay TRADE_SUCCESS / TRADE_FINISHED, Stripe
     * payment_intent.succeeded.
     */
    SUCCEEDED,
    /**
     * Over without money: WeChat CLOSED / REVOKED / PAYERROR, Alipay TRADE_CLOSED, Stripe
     * payment_intent.canceled (not payment_failed: the PaymentIntent stays open and may
     * still succeed).
     */
    CLOSED,
    /**
     * A final-looking state the product does not know; stored, never applied, raised as
     * an alert.
     */
    UNKNOWN

}
