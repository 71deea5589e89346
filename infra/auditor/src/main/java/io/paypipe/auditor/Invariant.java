package io.paypipe.auditor;

/** What the auditor checks; each is an invariant of DESIGN.md or issue 4. */
public enum Invariant {
    /** One channel trade number moved at most one order, once. */
    TRADE_MOVED_ONCE,
    /** An order is paid by at most one ledger row. */
    ORDER_PAID_ONCE,
    /** Every ledger row matches exactly one applied PAYMENT_SUCCEEDED transition, and the other way round. */
    LEDGER_MATCHES_TRANSITION,
    /** A paid (or refunding, refunded) order has its ledger row. */
    PAID_ORDER_HAS_LEDGER,
    /** Every acked raw notification reached handled 1 or 2, or is younger than its retry budget. */
    RAW_SETTLED,
    /** Successful + accepted refunds of an order never exceed what was paid. */
    REFUNDS_WITHIN_PAID,
    /** Every order.paid event id maps to one ledger row of the same order and trade number. */
    ORDER_PAID_EVENT_HAS_LEDGER
}
