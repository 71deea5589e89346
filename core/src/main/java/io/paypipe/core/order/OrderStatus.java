package io.paypipe.core.order;

/** The status of an order as stored in {@code orders.status}. */
public enum OrderStatus {

    PENDING, PAID, CLOSED, REFUNDING, PARTIALLY_REFUNDED, REFUNDED

}
