package io.paypipe.core.order;

/**
 * What can happen to an order; the input of the state machine and the {@code event} of an
 * audit row.
 */
public enum OrderEvent {

    /** The channel says the money arrived (callback or active query). */
    PAYMENT_SUCCEEDED,
    /**
     * The channel says the payment is over without money (CLOSED, REVOKED, PAYERROR,
     * TRADE_CLOSED).
     */
    PAYMENT_CLOSED,
    /** The merchant closes an unpaid order (timeout, cancellation). */
    ORDER_CANCELLED,
    /** A refund was accepted by the channel. */
    REFUND_STARTED,
    /** The last outstanding refund succeeded and nothing paid is left. */
    REFUND_SUCCEEDED,
    /** A refund failed or was closed; the order is paid again. */
    REFUND_FAILED

}
