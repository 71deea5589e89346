package io.paypipe.auditor;

import static io.paypipe.auditor.Found.line;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.auditor.History.Order;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * One test per invariant about settling notifications and illegal payments (refunds:
 * {@code AuditorRefundInvariantsIntegrationTest}): a correct history plus exactly one
 * kind of damage, and exactly its violations.
 */
class AuditorSettlementInvariantsIntegrationTest extends CorrectHistoryBase {

    @Test
    void aNotificationUnsettledPastTheBudgetSinceItsLastDeliveryIsReported() {
        // Given unsettled notifications first received 5 h ago: one last delivered just
        // over the 4 h budget ago, one
        // never stamped with a delivery (a row from before V5), one delivered again 3 h
        // 59 min ago; and one settled
        Instant old = Instant.now().minus(History.OLD);
        long lateDelivery = history.raw(history.order("PENDING", 10), history.trade(), 10, 0, null, old,
                Instant.now().minus(AuditWorld.BUDGET).minus(Duration.ofMinutes(1)));
        long neverStamped = history.raw(history.order("PENDING", 20), history.trade(), 20, 0, null, old, null);
        history.raw(history.order("PENDING", 30), history.trade(), 30, 0, null, old,
                Instant.now().minus(AuditWorld.BUDGET).plus(Duration.ofMinutes(1)));
        history.raw(history.order("PENDING", 40), history.trade(), 40, 1, "CLOSED", old, old);

        // When it is audited with the 4 h budget
        AuditReport report = world.audit();

        // Then the two rows past the budget since their last delivery are reported
        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(line(Invariant.RAW_SETTLED, "raw_id", lateDelivery),
                    line(Invariant.RAW_SETTLED, "raw_id", neverStamped));
    }

    @Test
    void aNotificationThatNeedsAPersonWithoutAnAlertIsReported() {
        // Given a notification given up (handled=2) with no alert, and one whose only
        // alert names no raw row
        Order order = history.order("PENDING", 100);
        long gaveUp = history.raw(order, history.trade(), 100, 2, "GAVE_UP", Instant.now(), Instant.now());
        long deadLetter = history.raw(history.order("PENDING", 200), history.trade(), 200, 2, "DEAD_LETTER",
                Instant.now(), Instant.now());
        world.db().jdbc().sql("""
                INSERT INTO ops_alert (alert_key, kind, severity, message, event_id, created_at)
                VALUES ('DEAD_LETTER:topic-0@1', 'DEAD_LETTER', 'ERROR', 'no raw row named', 'e1', NOW(3))""").update();

        // When it is audited
        AuditReport report = world.audit();

        // Then both notifications are reported
        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(line(Invariant.RAW_NEEDS_PERSON_HAS_ALERT, "raw_id", gaveUp),
                    line(Invariant.RAW_NEEDS_PERSON_HAS_ALERT, "raw_id", deadLetter));
    }

    @Test
    void aNotificationThatNeedsAPersonIsNotCoveredByRefundServicesAlertsWithTheSameRawId() {
        // Given notifications given up (handled=2) whose only alert with their raw id is
        // refund-service's about a raw refund row or a refund (pay_refund_raw ids)
        long refundNoticeAlertOnly = history.raw(history.order("PENDING", 100), history.trade(), 100, 2, "GAVE_UP",
                Instant.now(), Instant.now());
        alert("REFUND_ABNORMAL:refund-notice:" + refundNoticeAlertOnly, refundNoticeAlertOnly);
        long refundAlertOnly = history.raw(history.order("PENDING", 200), history.trade(), 200, 2, "GAVE_UP",
                Instant.now(), Instant.now());
        alert("REFUND_TASK_FAILED:refund:77", refundAlertOnly);
        // and a look-alike that is fine: one with the processor's alert about it
        long processorsAlert = history.raw(history.order("PENDING", 300), history.trade(), 300, 2, "GAVE_UP",
                Instant.now(), Instant.now());
        alert("GAVE_UP:payment:" + processorsAlert, processorsAlert);

        // When it is audited
        AuditReport report = world.audit();

        // Then the two are reported
        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(line(Invariant.RAW_NEEDS_PERSON_HAS_ALERT, "raw_id", refundNoticeAlertOnly),
                    line(Invariant.RAW_NEEDS_PERSON_HAS_ALERT, "raw_id", refundAlertOnly));
    }

    @Test
    void anIllegalPaymentWithoutItsOwnRefundTaskIsReported() {
        // Given three illegal payments (each with its alert): a double payment without
        // refund task, a payment after
        // close whose only task is for another trade of that order, a double payment
        // whose task is for less money;
        // and a close after payment without refund task, which has none by design
        Order paid = baseline.paid().order();
        long noTask = illegal(paid, "ILLEGAL_DOUBLE_PAYMENT", 1_000);
        Order closed = history.order("CLOSED", 300);
        long otherTrade = illegal(closed, "ILLEGAL_PAID_AFTER_CLOSE", 300);
        history.refundTask(closed, history.trade(), otherTrade, "PAID_AFTER_CLOSE", 300);
        Order paidTwice = baseline.refunded().order();
        String third = history.trade();
        long lessMoney = history.raw(paidTwice, third, 2_500, 2, "ILLEGAL_DOUBLE_PAYMENT", Instant.now(),
                Instant.now());
        history.alert(lessMoney, paidTwice, third, "DOUBLE_PAYMENT");
        history.refundTask(paidTwice, third, lessMoney, "DOUBLE_PAYMENT", 2_499);
        illegal(paid, "ILLEGAL_CLOSED_AFTER_PAYMENT", 0);

        // When it is audited
        AuditReport report = world.audit();

        // Then the three illegal payments are reported
        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(line(Invariant.ILLEGAL_PAYMENT_HAS_REFUND_TASK, "raw_id", noTask),
                    line(Invariant.ILLEGAL_PAYMENT_HAS_REFUND_TASK, "raw_id", otherTrade),
                    line(Invariant.ILLEGAL_PAYMENT_HAS_REFUND_TASK, "raw_id", lessMoney));
    }

    /** An alert with {@code key} naming raw id {@code rawId}. */
    private void alert(String key, long rawId) {
        world.db()
            .jdbc()
            .sql("""
                    INSERT INTO ops_alert (alert_key, kind, severity, raw_id, message, event_id, created_at)
                    VALUES (:key, SUBSTRING_INDEX(:key, ':', 1), 'ERROR', :rawId, 'seeded', UUID(), NOW(3))""")
            .param("key", key)
            .param("rawId", rawId)
            .update();
    }

    /** An illegal notification set aside with its alert; no refund task. */
    private long illegal(Order order, String outcome, long fen) {
        String trade = history.trade();
        long raw = history.raw(order, trade, fen, 2, outcome, Instant.now(), Instant.now());
        history.alert(raw, order, trade, "ILLEGAL_TRANSITION");
        return raw;
    }

}
