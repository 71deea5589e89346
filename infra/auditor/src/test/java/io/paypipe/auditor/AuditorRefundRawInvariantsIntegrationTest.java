package io.paypipe.auditor;

import static io.paypipe.auditor.Found.line;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.auditor.History.Order;
import io.paypipe.auditor.History.Payment;
import io.paypipe.auditor.History.Refund;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One test per invariant about raw refund notifications ({@code pay_refund_raw}): a
 * correct history (with a refund notice set aside with its alert and one that moved its
 * refund) plus exactly one kind of damage, and exactly its violations; next to each
 * damage look-alikes that are not one, which must not be reported.
 */
class AuditorRefundRawInvariantsIntegrationTest extends CorrectHistoryBase {

    private RefundNoticeHistory notices;

    private Payment payment;

    @BeforeEach
    void aPaymentToRefund() {
        notices = new RefundNoticeHistory(history);
        payment = history.paid(100_000);
    }

    @Test
    void aRefundNoticeUnsettledPastTheBudgetSinceItsLastDeliveryIsReported() {
        // Given unsettled refund notices first received 5 h ago: one last delivered just
        // over the 4 h budget ago, one never stamped with a delivery (a row from before
        // V5)
        Instant old = Instant.now().minus(History.OLD);
        long lateDelivery = notices.raw(refund(100, "ACCEPTED"), "SUCCESS", 0, old,
                Instant.now().minus(AuditWorld.BUDGET).minus(Duration.ofMinutes(1)));
        long neverStamped = notices.raw(refund(200, "ACCEPTED"), "SUCCESS", 0, old, null);
        // and look-alikes that are fine: an unsettled one delivered again 3 h 59 min ago,
        // an old settled one, an old one set aside with its alert
        notices.raw(refund(300, "ACCEPTED"), "SUCCESS", 0, old,
                Instant.now().minus(AuditWorld.BUDGET).plus(Duration.ofMinutes(1)));
        notices.raw(refund(400, "SUCCESS"), "SUCCESS", 1, old, old);
        Refund abnormal = refund(500, "ACCEPTED");
        notices.alert(notices.raw(abnormal, "ABNORMAL", 2, old, old), abnormal, "REFUND_ABNORMAL");

        // When it is audited with the 4 h budget, and with a 6 h one
        AuditReport report = world.audit();
        AuditReport patient = world.auditor().audit(Duration.ofHours(6));

        // Then the two rows past the budget since their last delivery are reported, and
        // none within 6 h
        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(line(Invariant.REFUND_RAW_SETTLED, "raw_id", lateDelivery),
                    line(Invariant.REFUND_RAW_SETTLED, "raw_id", neverStamped));
        assertThat(report.violations().getFirst().description()).contains("PT4H");
        assertThat(Found.of(patient)).as(patient.render()).isEmpty();
    }

    @Test
    void aRefundNoticeThatNeedsAPersonWithoutRefundServicesAlertAboutItIsReported() {
        // Given refund notices set aside (handled=2): one without any alert, one whose
        // only alert with its raw id is the processor's about a payment notification with
        // that id, one whose only alert with its raw id names another notice in its key
        long noAlert = notices.raw(refund(100, "ACCEPTED"), "ABNORMAL", 2);
        Refund paymentsAlert = refund(200, "ACCEPTED");
        long paymentAlertOnly = notices.raw(paymentsAlert, "ABNORMAL", 2);
        notices.alert("GAVE_UP:payment:" + paymentAlertOnly, "GAVE_UP", paymentAlertOnly, paymentsAlert);
        Refund othersAlert = refund(300, "ACCEPTED");
        long otherNoticesAlert = notices.raw(othersAlert, "ABNORMAL", 2);
        notices.alert("REFUND_ABNORMAL:refund-notice:9" + otherNoticesAlert, "REFUND_ABNORMAL", otherNoticesAlert,
                othersAlert);
        // and look-alikes that are fine: set aside as unmatched, as a conflict, as a dead
        // letter, each with its alert; a settled one without an alert
        Refund unmatched = refund(400, "ACCEPTED");
        notices.alert(notices.raw(unmatched, "SUCCESS", 2), unmatched, "REFUND_UNMATCHED");
        Refund conflict = refund(500, "FAIL");
        notices.alert(notices.raw(conflict, "SUCCESS", 2), conflict, "REFUND_CONFLICT");
        Refund deadLetter = refund(600, "ACCEPTED");
        notices.alert(notices.raw(deadLetter, "SUCCESS", 2), deadLetter, "DEAD_LETTER");
        notices.raw(refund(700, "SUCCESS"), "SUCCESS", 1);

        // When it is audited
        AuditReport report = world.audit();

        // Then the three are reported
        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(line(Invariant.REFUND_RAW_NEEDS_PERSON_HAS_ALERT, "raw_id", noAlert),
                    line(Invariant.REFUND_RAW_NEEDS_PERSON_HAS_ALERT, "raw_id", paymentAlertOnly),
                    line(Invariant.REFUND_RAW_NEEDS_PERSON_HAS_ALERT, "raw_id", otherNoticesAlert));
        assertThat(report.checked("pay_refund_raw handled=2"))
            .isEqualTo(Baseline.CHECKED.get("pay_refund_raw handled=2") + 6);
    }

    @Test
    void refundsMovedByNoticesWithoutTheirRawRowsAreReported() {
        // Given refunds moved by notices: one naming a raw row that does not exist, one
        // naming none, one naming another merchant's raw row; and a refund made outside
        // the product with no raw row of its trade
        Refund missing = refund(100, "SUCCESS");
        long namesNothing = notices.transition(missing, "ACCEPTED", "SUCCESS", "NOTIFY", 999_999L);
        Refund unnamed = refund(200, "FAIL");
        long namesNone = notices.transition(unnamed, "ACCEPTED", "FAIL", "NOTIFY", null);
        Refund elsewhere = refund(300, "SUCCESS");
        long othersRow = history.refundRaw("m2", payment.order().outTradeNo(), payment.trade(), elsewhere.refundNo(),
                elsewhere.refundNo(), elsewhere.channelRefundId(), "SUCCESS", 300L, null);
        long namesOthers = notices.transition(elsewhere, "ACCEPTED", "SUCCESS", "NOTIFY", othersRow);
        Payment dashboardPaid = history.paid(5_000);
        Refund dashboard = notices.channelRefund(dashboardPaid.order(), dashboardPaid.trade(), 1_000);
        // and look-alikes that are fine: a refund moved by its own notice, one moved by a
        // query and one by the API answer (no notice), a refund made outside the product
        // with its notice (naming no refund number of ours)
        Refund moved = refund(400, "SUCCESS");
        notices.transition(moved, "ACCEPTED", "SUCCESS", "NOTIFY", history.refundRaw(moved, "SUCCESS"));
        Refund queried = refund(500, "SUCCESS");
        notices.transition(queried, "ACCEPTED", "SUCCESS", "QUERY", null);
        notices.transition(queried, "PENDING", "ACCEPTED", "API", null);
        Payment outsidePaid = history.paid(5_000);
        Refund recorded = notices.channelRefund(outsidePaid.order(), outsidePaid.trade(), 1_000);
        long notice = history.refundRaw("m", null, outsidePaid.trade(), null, "channel:" + recorded.channelRefundId(),
                recorded.channelRefundId(), "SUCCESS", 1_000L, null);
        notices.transition(recorded, "NEW", "PENDING", "NOTIFY", notice);

        // When it is audited
        AuditReport report = world.audit();

        // Then the three transitions and the refund made outside the product are reported
        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(
                    line(Invariant.REFUND_MOVED_BY_NOTICE_HAS_RAW_ROW, "transition_id", namesNothing),
                    line(Invariant.REFUND_MOVED_BY_NOTICE_HAS_RAW_ROW, "transition_id", namesNone),
                    line(Invariant.REFUND_MOVED_BY_NOTICE_HAS_RAW_ROW, "transition_id", namesOthers),
                    line(Invariant.REFUND_MOVED_BY_NOTICE_HAS_RAW_ROW, "refund_id", dashboard.id()));
        assertThat(report.checked("refund_transition by notice"))
            .isEqualTo(Baseline.CHECKED.get("refund_transition by notice") + 5);
    }

    @Test
    void anEmptyRefundRawTableNextToRefundsMovedByNoticesIsAViolationNotAClean() {
        // Given the correct history with its raw refund rows gone (a table that reads
        // empty: another database, a restore that lost them), the set-aside one with
        // them
        world.db().jdbc().sql("DELETE FROM pay_refund_raw").update();

        // When it is audited, and this history's orders only
        AuditReport report = world.audit();
        AuditReport scoped = world.auditor().audit(AuditScope.outTradeNoPrefix("AUD-"), AuditWorld.BUDGET);

        // Then the refund the notice moved is reported, and the report says no raw
        // refund row was read
        for (AuditReport r : new AuditReport[] { report, scoped }) {
            assertThat(Found.of(r)).as(r.render())
                .containsExactly(line(Invariant.REFUND_MOVED_BY_NOTICE_HAS_RAW_ROW, "transition_id",
                        baseline.refundNoticeTransition()));
            assertThat(r.checked("pay_refund_raw")).isZero();
            assertThat(r.checked("pay_refund_raw handled=2")).isZero();
            assertThat(r.clean()).isFalse();
        }
    }

    @Test
    void aScopeReadsTheRawRefundRowsOfItsOwnOrdersOnly() {
        // Given, in the same database, a refund notice of another batch's order set aside
        // without an alert
        History other = new History(world.db().jdbc(), world.topic(), "OTHER-");
        Payment theirs = other.paid(1_000);
        Refund refund = other.refund(theirs.order(), theirs.trade(), 100, "ACCEPTED");
        long unalerted = new RefundNoticeHistory(other).raw(refund, "ABNORMAL", 2);

        // When this history's orders are audited, and the other batch's
        AuditReport mine = world.auditor().audit(AuditScope.outTradeNoPrefix("AUD-"), AuditWorld.BUDGET);
        AuditReport others = world.auditor().audit(AuditScope.outTradeNoPrefix("OTHER-"), AuditWorld.BUDGET);

        // Then each reads its own raw refund rows, and only the other batch is reported
        assertThat(Found.of(mine)).as(mine.render()).isEmpty();
        assertThat(mine.checked("pay_refund_raw")).isEqualTo(Baseline.CHECKED.get("pay_refund_raw"));
        assertThat(Found.of(others)).as(others.render())
            .containsExactly(line(Invariant.REFUND_RAW_NEEDS_PERSON_HAS_ALERT, "raw_id", unalerted));
        assertThat(others.checked("pay_refund_raw")).isEqualTo(1);
    }

    /** A refund of {@link #payment}, of merchant {@code m}. */
    private Refund refund(long fen, String status) {
        Order order = payment.order();
        return history.refund(order, payment.trade(), fen, status);
    }

}
