package io.paypipe.core.event;

/** A channel's refund state, classified the same way for every channel. */
public enum RefundState {

    /**
     * The money went back: WeChat REFUND.SUCCESS, Alipay refund with fund change, Stripe
     * refund succeeded.
     */
    SUCCEEDED,
    /**
     * The refund was closed without money moving: WeChat REFUND.CLOSED, Stripe refund
     * failed or canceled.
     */
    CLOSED,
    /** The channel could not pay it out and a person must act: WeChat REFUND.ABNORMAL. */
    ABNORMAL,
    /**
     * A refund state the product does not know; stored, never applied, raised as an
     * alert.
     */
    UNKNOWN

}
