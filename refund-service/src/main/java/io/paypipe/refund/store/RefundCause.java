package io.paypipe.refund.store;

/** What moved a refund ({@code refund_transition.cause}). */
public enum RefundCause {

    API, NOTIFY, QUERY, TASK

}
