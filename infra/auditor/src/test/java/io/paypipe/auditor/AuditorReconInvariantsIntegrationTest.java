package io.paypipe.auditor;

import static io.paypipe.auditor.Found.line;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One test per invariant about the daily bill reconciliation: a correct history (every
 * kind of batch with what it needs, a correction with its resolved difference) plus
 * exactly one kind of damage, and exactly its violations; next to each damage look-alikes
 * that are not one, which must not be reported.
 */
class AuditorReconInvariantsIntegrationTest extends CorrectHistoryBase {

    private ReconHistory recon;

    @BeforeEach
    void correctReconHistory() {
        recon = new ReconHistory(world.db().jdbc());
        recon.batch("CLEAN", 2, 2L, 2, 0);
        recon.batch("EMPTY_DAY", 0, 0L, 0, 0);
        recon.alert(recon.batch("DIFFS", 1, 1L, 1, 1), "RECON_DIFFS");
        recon.alert(recon.batch("BLOCKED", 0, null, 0, 0), "RECON_BLOCKED");
        long amount = recon.batch("DIFFS", 1, 1L, 1, 1);
        recon.alert(amount, "RECON_DIFFS");
        recon.correction(recon.diff(amount, "AMOUNT", "T-CORRECTED", "RESOLVED"), "T-CORRECTED");
    }

    @Test
    void aCorrectReconciliationHistoryIsCleanAndItsRowsAreRead() {
        AuditReport report = world.audit();

        assertThat(Found.of(report)).as(report.render()).isEmpty();
        assertThat(report.checked("recon_batch finished")).isEqualTo(5);
        assertThat(report.checked("ledger_correction rows")).isEqualTo(1);
    }

    @Test
    void aBlockedOrDiffsBatchWithoutItsAlertIsReported() {
        // Given a BLOCKED batch without an alert, a DIFFS batch whose only alert is of
        // the other kind
        long blocked = recon.batch("BLOCKED", 3, 5L, 3, 0);
        long diffs = recon.batch("DIFFS", 1, 1L, 1, 1);
        recon.alert(diffs, "RECON_BLOCKED");
        // and a look-alike that is fine: a RUNNING batch has no alert yet
        recon.batch("RUNNING", 0, null, 0, 0);

        AuditReport report = world.audit();

        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(line(Invariant.RECON_BATCH_HAS_ALERT, "batch_id", blocked),
                    line(Invariant.RECON_BATCH_HAS_ALERT, "batch_id", diffs));
    }

    @Test
    void aBatchThatPassedOnABillNotProvablyCompleteIsReported() {
        // Given batches called reconciled on: no summary, a summary that says more lines
        // than read, lines read but not stored, an empty day with lines, CLEAN with open
        // differences, DIFFS with none
        long noSummary = recon.batch("CLEAN", 2, null, 2, 0);
        long summarySaysMore = recon.batch("CLEAN", 2, 3L, 2, 0);
        long notStored = recon.batch("CLEAN", 2, 2L, 1, 0);
        long emptyWithLines = recon.batch("EMPTY_DAY", 1, 1L, 1, 0);
        long cleanWithDiffs = recon.batch("CLEAN", 1, 1L, 1, 2);
        long diffsWithout = recon.batch("DIFFS", 1, 1L, 1, 0);
        recon.alert(diffsWithout, "RECON_DIFFS");
        // and a look-alike that is fine: a BLOCKED batch without summary (with its alert)
        recon.alert(recon.batch("BLOCKED", 2, null, 2, 0), "RECON_BLOCKED");

        AuditReport report = world.audit();

        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(line(Invariant.RECON_PASSED_BILL_COMPLETE, "batch_id", noSummary),
                    line(Invariant.RECON_PASSED_BILL_COMPLETE, "batch_id", summarySaysMore),
                    line(Invariant.RECON_PASSED_BILL_COMPLETE, "batch_id", notStored),
                    line(Invariant.RECON_PASSED_BILL_COMPLETE, "batch_id", emptyWithLines),
                    line(Invariant.RECON_PASSED_BILL_COMPLETE, "batch_id", cleanWithDiffs),
                    line(Invariant.RECON_PASSED_BILL_COMPLETE, "batch_id", diffsWithout));
    }

    @Test
    void aCorrectionThatAnswersNoResolvedAmountDifferenceIsReported() {
        // Given corrections of an OPEN difference, of a FEE difference, of another
        // trade's
        // difference, of no difference at all
        long batch = recon.batch("DIFFS", 1, 1L, 1, 1);
        recon.alert(batch, "RECON_DIFFS");
        long ofOpen = recon.correction(recon.diff(batch, "AMOUNT", "T-OPEN", "OPEN"), "T-OPEN");
        long ofFee = recon.correction(recon.diff(batch, "FEE", "T-FEE", "RESOLVED"), "T-FEE");
        long ofOther = recon.correction(recon.diff(batch, "AMOUNT", "T-ONE", "RESOLVED"), "T-TWO");
        long ofNothing = recon.correction(999_999, "T-NONE");

        AuditReport report = world.audit();

        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(line(Invariant.RECON_CORRECTION_RESOLVES_AMOUNT_DIFF, "correction_id", ofOpen),
                    line(Invariant.RECON_CORRECTION_RESOLVES_AMOUNT_DIFF, "correction_id", ofFee),
                    line(Invariant.RECON_CORRECTION_RESOLVES_AMOUNT_DIFF, "correction_id", ofOther),
                    line(Invariant.RECON_CORRECTION_RESOLVES_AMOUNT_DIFF, "correction_id", ofNothing));
    }

    @Test
    void aScopedAuditLeavesTheReconciliationAlone() {
        // Given a damaged batch (it belongs to no order)
        recon.batch("BLOCKED", 0, null, 0, 0);

        // When the orders of a prefix are audited
        AuditReport scoped = world.auditor().audit(AuditScope.outTradeNoPrefix("AUD-"), AuditWorld.BUDGET);

        // Then it is neither judged nor read: only the whole history audits it
        assertThat(Found.of(scoped)).as(scoped.render()).isEmpty();
        assertThat(scoped.checked("recon_batch finished")).isZero();
    }

}
