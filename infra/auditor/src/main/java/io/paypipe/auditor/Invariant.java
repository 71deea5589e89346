package io.paypipe.auditor;

/**
 * What the auditor checks; each is an invariant of DESIGN.md, issue 10, issue 12 or issue
 * 14. Every violation row starts with the id of what it is about (named in brackets
 * below), so operators and tests can tell exactly which rows broke it.
 */
public enum Invariant {

    /**
     * One channel trade number moved at most one order, once. [{@code channel_trade_no}]
     */
    TRADE_MOVED_ONCE,
    /** An order is paid by at most one ledger row. [{@code order_id}] */
    ORDER_PAID_ONCE,
    /**
     * Every ledger row matches an applied PAYMENT_SUCCEEDED transition of the same order
     * and trade number, and the other way round. [{@code ledger_id} or
     * {@code transition_id}]
     */
    LEDGER_MATCHES_TRANSITION,
    /** A paid (or refunding, refunded) order has its ledger row. [{@code order_id}] */
    PAID_ORDER_HAS_LEDGER,
    /**
     * Every acked raw payment notification ({@code pay_notify_raw}) reached handled 1 or
     * 2, or its last delivery ({@code last_delivered_at}, else {@code created_at}) is
     * younger than the retry budget: a re-push of an unsettled row starts its processing
     * over. [{@code raw_id}]
     */
    RAW_SETTLED,
    /**
     * Every raw payment notification at handled=2 (needs a person) has an
     * {@code ops_alert} row with its {@code raw_id}; refund-service's alerts about a raw
     * refund row or a refund (keys {@code <kind>:refund-notice:<raw id>},
     * {@code <kind>:refund:<refund id>}) carry ids of {@code pay_refund_raw} and do not
     * count. [{@code raw_id}]
     */
    RAW_NEEDS_PERSON_HAS_ALERT,
    /**
     * Every raw notification with outcome {@code ILLEGAL_DOUBLE_PAYMENT} or
     * {@code ILLEGAL_PAID_AFTER_CLOSE} has its refund task: same tenant, order, channel
     * and trade number, for the amount and currency the trade paid. The other
     * {@code ILLEGAL_*} outcomes ({@code ILLEGAL_CLOSED_AFTER_PAYMENT},
     * {@code ILLEGAL_PAID_IN_OTHER_STATE}) move no money that must go back and have none
     * by design. [{@code raw_id}]
     */
    ILLEGAL_PAYMENT_HAS_REFUND_TASK,
    /**
     * SUCCESS + ACCEPTED + PENDING refunds of one payment (channel, trade number,
     * currency) never exceed what that trade paid: {@code orders.paid_amount_minor} of
     * the order it paid, or else the amount of its refund task (a double payment or a
     * payment after close); a trade that paid nothing can refund nothing. A refund in
     * flight counts: it may still pay out. [{@code payment} = channel/channel_trade_no]
     */
    REFUNDS_WITHIN_PAID,
    /**
     * Every SUCCESS refund has exactly one channel refund id: it has one, no other refund
     * of the channel has the same, and no notice of it (the merchant's raw refund rows of
     * its refund number) names another. [{@code refund_id}]
     */
    SUCCESS_REFUND_HAS_ONE_CHANNEL_REFUND_ID,
    /**
     * A merchant's refund number means one amount: the notices of it that say THIS
     * refund's amount ({@code pay_refund_raw.refund_amount_minor} set) say the refund's
     * amount and currency, and the notices of one refund key (every status of it) say one
     * amount among themselves. [{@code refund} = merchant_id/refund_no (or refund key)]
     */
    REFUND_NO_ONE_AMOUNT,
    /**
     * A refund older than its query budget ({@code --refund-query-budget}, default 8h;
     * the query ladder 1m, 5m, 15m, 1h, 6h adds up to about 7.4h) is final (SUCCESS or
     * FAIL) or has an alert about it: an {@code ops_alert} of a {@code REFUND_*} kind of
     * the same merchant whose key or message names the refund number. [{@code refund_id}]
     */
    REFUND_FINAL_OR_ALERTED,
    /**
     * An order in a refund state has the refunds that put it there: REFUNDING at least
     * one refund, PARTIALLY_REFUNDED and REFUNDED at least one SUCCESS refund. So the
     * refund checks cannot pass by reading an empty (or another) refund table while
     * orders say money went back. [{@code order_id}]
     */
    ORDER_REFUND_STATE_HAS_REFUNDS,
    /**
     * Every acked raw refund notification ({@code pay_refund_raw}) reached handled 1 or
     * 2, or its last delivery ({@code last_delivered_at}, else {@code created_at}) is
     * younger than the retry budget (the same budget as {@link #RAW_SETTLED}:
     * refund-service's {@code refund.notify} ladder is the processor's). [{@code raw_id}]
     */
    REFUND_RAW_SETTLED,
    /**
     * Every raw refund notification at handled=2 (needs a person: REFUND_ABNORMAL,
     * REFUND_UNMATCHED, REFUND_CONFLICT, UNKNOWN_STATE, GAVE_UP, DEAD_LETTER) has
     * refund-service's {@code ops_alert} about it: key
     * {@code <kind>:refund-notice:<raw id>} and that {@code raw_id} (a payment alert with
     * the same {@code raw_id} is about another table's row). [{@code raw_id}]
     */
    REFUND_RAW_NEEDS_PERSON_HAS_ALERT,
    /**
     * A refund moved by a notice has the raw refund row it was moved by: each
     * {@code refund_transition} of cause NOTIFY names ({@code raw_id}) a
     * {@code pay_refund_raw} row of the refund's merchant, channel and trade, and a
     * refund made outside the product (source CHANNEL, recorded from its notice) has a
     * raw refund row of its merchant, channel and trade. So the raw refund checks cannot
     * pass by reading an empty (or another) {@code pay_refund_raw} while refunds say
     * notices moved them. [{@code transition_id}, or {@code refund_id} for a CHANNEL
     * refund]
     */
    REFUND_MOVED_BY_NOTICE_HAS_RAW_ROW,
    /**
     * Every {@code order.paid} record carries the event id of one ledger row with the
     * same order, channel, trade number and paid amount; an unreadable record breaks it
     * too. [{@code record} = topic-partition@offset]
     */
    ORDER_PAID_EVENT_HAS_LEDGER,
    /**
     * Every ledger row has at least one {@code order.paid} record with its event id
     * (duplicates are fine). Rows older than the topic's retention (the first record kept
     * on a partition whose log start moved) are counted, not checked. [{@code ledger_id}]
     */
    LEDGER_HAS_ORDER_PAID_EVENT,
    /**
     * The read of {@code order.paid} reached the end offsets of every partition: a broker
     * that does not answer, a topic that does not exist or has no partitions, a read that
     * timed out, or a topic without a single record while the ledger has rows (wrong
     * cluster?) is this violation, with the reason, and the ledger side of the topic
     * check is not judged. [{@code topic}]
     */
    TOPIC_READ_COMPLETE,
    /**
     * Every reconciliation batch BLOCKED has its {@code RECON_BLOCKED:<batch id>} alert,
     * every batch DIFFS its {@code RECON_DIFFS:<batch id>} (issue 14: none gives up or
     * finds a difference silently). Audited with the whole history only.
     * [{@code batch_id}]
     */
    RECON_BATCH_HAS_ALERT,
    /**
     * Every reconciliation batch that passed the guards (CLEAN, DIFFS, EMPTY_DAY) read a
     * bill with a summary whose line count is the lines read, stored every line it read
     * in {@code recon_bill_line}, is EMPTY_DAY only with no line, and is DIFFS exactly
     * when it left differences open: a bill that is empty, cut or without its summary is
     * never called reconciled. Audited with the whole history only. [{@code batch_id}]
     */
    RECON_PASSED_BILL_COMPLETE,
    /**
     * Every {@code ledger_correction} (a new row, never an update of a money row) answers
     * a RESOLVED AMOUNT difference of the same channel, merchant, trade and refund
     * number. Audited with the whole history only. [{@code correction_id}]
     */
    RECON_CORRECTION_RESOLVES_AMOUNT_DIFF

}
