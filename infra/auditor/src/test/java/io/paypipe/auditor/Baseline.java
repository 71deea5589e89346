package io.paypipe.auditor;

import io.paypipe.auditor.History.Order;
import io.paypipe.auditor.History.Payment;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * A correct history with one of every kind of row the auditor reads, so that a test
 * adding one kind of damage on top of it shows that this damage, and nothing else, is
 * reported. Its edges are deliberate: refunds of a payment adding up to exactly what it
 * paid, a double payment refunded in full from its own money, an old notification
 * delivered again an hour ago, an illegal close that has (by design) no refund task, a
 * refund reported in two states (one set aside with its alert, one that moved it), a
 * refund past its query budget that has its alert.
 */
record Baseline(Payment paid, Payment refunded, long doublePaymentRaw, Order closed, long paidAfterCloseRaw,
        long refundNoticeTransition) {

    /** What the audit of the baseline reads, exactly. */
    static final Map<String, Long> CHECKED = Map.ofEntries(Map.entry("orders", 6L), Map.entry("order_transition", 2L),
            Map.entry("payment_ledger", 2L), Map.entry("pay_notify_raw", 8L), Map.entry("pay_notify_raw handled=2", 4L),
            Map.entry("pay_notify_raw refundable outcomes", 2L), Map.entry("ops_alert", 6L),
            Map.entry("pay_refund_raw", 3L), Map.entry("pay_refund_raw handled=2", 1L),
            Map.entry("refund_transition by notice", 1L), Map.entry("refund_task", 2L), Map.entry("refund", 4L),
            Map.entry(CheckedNames.RECORDS, 3L), Map.entry(CheckedNames.PARTITIONS, (long) OrderPaidTopic.PARTITIONS),
            Map.entry(CheckedNames.EVENT_IDS, 2L), Map.entry(CheckedNames.LEDGER_ROWS_CHECKED, 2L),
            Map.entry(CheckedNames.LEDGER_ROWS_BEFORE_RETENTION, 0L), Map.entry("recon_batch finished", 0L),
            Map.entry("ledger_correction rows", 0L));

    static Baseline seed(History history) {
        // an order paid once, its order.paid record published twice (a redelivery
        // re-publishes the same event id)
        Payment paid = history.paid(1_000);
        history.publish(paid.order(), paid.trade(), 1_000);
        // an order refunded exactly what it paid (a failed refund does not count), still
        // REFUNDING: the success was reported ABNORMAL first (a row per status, one
        // amount, one channel refund id; the ABNORMAL one set aside with refund-service's
        // alert about it, the SUCCESS one moved the refund), the accepted one is past its
        // query budget with an alert
        Payment refunded = history.paid(2_500);
        history.status(refunded.order(), "REFUNDING");
        History.Refund succeeded = history.refund(refunded.order(), refunded.trade(), 1_000, "SUCCESS");
        RefundNoticeHistory notices = new RefundNoticeHistory(history);
        long abnormal = notices.raw(succeeded, "ABNORMAL", 2);
        notices.alert(abnormal, succeeded, "REFUND_ABNORMAL");
        long success = history.refundRaw(succeeded, "SUCCESS");
        long noticeTransition = notices.transition(succeeded, "ACCEPTED", "SUCCESS", "NOTIFY", success);
        History.Refund stuck = history.refund(refunded.order(), refunded.trade(), 1_500, "ACCEPTED",
                Instant.now().minus(History.OLDER_THAN_REFUND_BUDGET), "5030-stuck-" + refunded.trade());
        history.refundAlert("m", stuck, "REFUND_UNRESOLVED");
        history.refund(refunded.order(), refunded.trade(), 9_999, "FAIL");
        // the same order paid a second time: set aside, alert, refund task, refunded in
        // full from its own money
        String second = history.trade();
        long doublePayment = history.raw(refunded.order(), second, 2_500, 2, "ILLEGAL_DOUBLE_PAYMENT", Instant.now(),
                Instant.now());
        history.alert(doublePayment, refunded.order(), second, "DOUBLE_PAYMENT");
        history.refundTask(refunded.order(), second, doublePayment, "DOUBLE_PAYMENT", 2_500);
        history.refundRaw(history.refund(refunded.order(), second, 2_500, "SUCCESS"), "SUCCESS");
        // a payment for an order the merchant closed: set aside, alert, refund task
        Order closed = history.order("CLOSED", 700);
        String late = history.trade();
        long paidAfterClose = history.raw(closed, late, 700, 2, "ILLEGAL_PAID_AFTER_CLOSE", Instant.now(),
                Instant.now());
        history.alert(paidAfterClose, closed, late, "PAID_AFTER_CLOSE");
        history.refundTask(closed, late, paidAfterClose, "PAID_AFTER_CLOSE", 700);
        // a close for the paid order: illegal, alert, no refund task by design (no money
        // moved)
        String close = history.trade();
        long closedAfterPayment = history.raw(paid.order(), close, 0, 2, "ILLEGAL_CLOSED_AFTER_PAYMENT", Instant.now(),
                Instant.now());
        history.alert(closedAfterPayment, paid.order(), close, "ILLEGAL_TRANSITION");
        // a notification with another amount: set aside with an alert
        Order mismatched = history.order("PENDING", 300);
        String wrong = history.trade();
        long mismatch = history.raw(mismatched, wrong, 301, 2, "MISMATCH", Instant.now(), Instant.now());
        history.alert(mismatch, mismatched, wrong, "MISMATCH");
        // a notification received a moment ago, and one first received 5 h ago but
        // delivered again an hour ago
        history.raw(history.order("PENDING", 400), history.trade(), 400, 0, null, Instant.now(), Instant.now());
        Instant old = Instant.now().minus(History.OLD);
        history.raw(history.order("PENDING", 450), history.trade(), 450, 0, null, old,
                Instant.now().minus(Duration.ofHours(1)));
        return new Baseline(paid, refunded, doublePayment, closed, paidAfterClose, noticeTransition);
    }
}
