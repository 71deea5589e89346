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
    /**
     * A refund of the order's payment was recorded (PENDING, before the channel is
     * called): the order is REFUNDING while any refund is in flight.
     */
    REFUND_STARTED,
    /**
     * Every refund of the payment is final and some, not all, of the paid amount went
     * back ({@link RefundProgress}).
     */
    REFUNDS_SETTLED_PARTLY,
    /** Every refund of the payment is final and the whole paid amount went back. */
    REFUNDS_SETTLED_FULLY,
    /**
     * Every refund of the payment is final and none moved money (all failed): the order
     * is as paid. The sums, not this event, guard the money: a failed refund never
     * counted.
     */
    REFUNDS_SETTLED_NONE

}
