package io.paypipe.reconcile.recon.batch;

import io.paypipe.reconcile.bill.ParsedBill;
import io.paypipe.reconcile.bill.guard.BillDay;
import io.paypipe.reconcile.bill.guard.BillGuards;
import io.paypipe.reconcile.bill.guard.Guard;
import io.paypipe.reconcile.bill.guard.LineTotals;
import io.paypipe.reconcile.bill.guard.Reason;
import io.paypipe.reconcile.bill.guard.Verdict;
import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.reconcile.recon.Batch;
import io.paypipe.reconcile.recon.BatchStatus;
import io.paypipe.reconcile.recon.RunRequest;
import io.paypipe.reconcile.recon.batch.RunProgress.Tracker;
import io.paypipe.reconcile.recon.diff.BatchScope;
import io.paypipe.reconcile.recon.diff.DiffCounts;
import io.paypipe.reconcile.recon.diff.DiffFinder;
import io.paypipe.reconcile.recon.intake.BillIntake;
import io.paypipe.reconcile.recon.intake.Intake;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * One batch's run, on a runner thread: the bill is read (fetched or opened, parsed,
 * streamed through {@link LineTotals}, {@link MerchantCheck} and {@link BillLineWriter}
 * into {@code recon_bill_line}, counted), then judged by {@link BillGuards} (the DROP
 * guard against the latest finished, not blocked batch of the same weekday a week before,
 * else of the day before; a person's confirmation lets a drop pass). A refused or blocked
 * bill ends BLOCKED with its reasons and a RECON_BLOCKED alert; a complete one (or a real
 * empty day, whose LOCAL_ONLY differences must still show) is compared by
 * {@link DiffFinder} and ends CLEAN, EMPTY_DAY or DIFFS (with a RECON_DIFFS alert). A
 * failure of the run itself (database, comparison) ends it BLOCKED with reason FAILED.
 * The alert is stored before the final status is written: a batch seen BLOCKED or DIFFS
 * has its alert (one key per batch, so the alert of a batch also counted as dead is one).
 */
@Component
class BatchRunner {

    private static final Logger log = LoggerFactory.getLogger(BatchRunner.class);

    private final BillIntake intake;

    private final BillLineRepository lines;

    private final BatchRepository batches;

    private final DiffFinder diffs;

    private final ReconAlerts alerts;

    private final BillGuards guards;

    private final int insertBatchSize;

    private final Clock clock;

    BatchRunner(BillIntake intake, BillLineRepository lines, BatchRepository batches, DiffFinder diffs,
            ReconAlerts alerts, ReconcileProperties props, Clock clock) {
        this.intake = intake;
        this.lines = lines;
        this.batches = batches;
        this.diffs = diffs;
        this.alerts = alerts;
        this.guards = new BillGuards(props.bill().guards().settings());
        this.insertBatchSize = props.bill().insertBatchSize();
        this.clock = clock;
    }

    void run(Batch batch, RunRequest request, Tracker tracker) {
        Optional<Tally> tally = Optional.empty();
        try {
            tracker.reading();
            BillLineWriter writer = new BillLineWriter(lines, batch.id(), insertBatchSize, (line) -> tracker.line());
            MerchantCheck merchant = new MerchantCheck(batch.merchantId(), writer);
            LineTotals totals = guards.lineTotals(batch.billDay(), merchant);
            long began = clock.millis();
            Intake read = intake.read(request, totals, tracker);
            writer.flush();
            Optional<ParsedBill> bill = (read instanceof Intake.Read r) ? Optional.of(r.bill()) : Optional.empty();
            tally = Optional.of(Tally.of(totals, bill, tracker.bytesRead()));
            long took = Math.max(1, clock.millis() - began);
            log.info("recon {}: {} lines read ({} bytes) in {} ms, {} rows/s", batch.describe(), totals.lines(),
                    tracker.bytesRead(), took, totals.lines() * 1000 / took);
            List<Reason> reasons = switch (read) {
                case Intake.Refused refused -> List.of(refused.reason());
                case Intake.Read r -> judge(batch, request, r.bill(), totals, merchant);
            };
            if (!reasons.isEmpty()) {
                block(batch, reasons, tally.get());
                return;
            }
            compare(batch, tally.get(), totals.lines() == 0, tracker);
        }
        catch (RuntimeException ex) {
            log.error("recon {} failed: {}", batch.describe(), ex.toString(), ex);
            blockQuietly(batch, new Reason(Guard.FAILED, ex.toString()), tally.orElse(Tally.NOTHING));
        }
    }

    private List<Reason> judge(Batch batch, RunRequest request, ParsedBill bill, LineTotals totals,
            MerchantCheck merchant) {
        Verdict verdict = guards.decide(bill, totals, comparableDayLines(batch), request.confirmedBy().isPresent());
        List<Reason> reasons = new ArrayList<>();
        if (verdict instanceof Verdict.Blocked blocked) {
            reasons.addAll(blocked.reasons());
        }
        merchant.reason().ifPresent(reasons::add);
        return reasons;
    }

    /** The same weekday a week before, else the day before. */
    private OptionalLong comparableDayLines(Batch batch) {
        OptionalLong weekBefore = batches.finishedLines(batch.channel(), batch.merchantId(), batch.day().minusDays(7));
        return weekBefore.isPresent() ? weekBefore
                : batches.finishedLines(batch.channel(), batch.merchantId(), batch.day().minusDays(1));
    }

    private void compare(Batch batch, Tally tally, boolean emptyDay, Tracker tracker) {
        tracker.comparing();
        BillDay day = batch.billDay();
        DiffCounts counts = diffs.compare(
                new BatchScope(batch.id(), batch.channel(), batch.merchantId(), batch.day(), day.start(), day.end()));
        BatchStatus status = (counts.open() > 0) ? BatchStatus.DIFFS
                : (emptyDay ? BatchStatus.EMPTY_DAY : BatchStatus.CLEAN);
        Finish end = new Finish(status, Optional.empty(), tally, counts.compared(), counts.open(), counts.resolved(),
                clock.instant());
        if (status == BatchStatus.DIFFS) {
            alerts.diffs(batch, counts, end.at());
        }
        if (!batches.finish(batch.id(), end)) {
            log.warn("recon {} was counted as dead meanwhile: its end ({}) is not written", batch.describe(), status);
            return;
        }
        log.info("recon {} {}: {} lines compared, {} open differences {}, {} resolved", batch.describe(), status,
                counts.compared(), counts.open(), counts.openByCategory(), counts.resolved());
    }

    private void block(Batch batch, List<Reason> reasons, Tally tally) {
        String text = new Verdict.Blocked(reasons).reasonsText();
        Finish end = Finish.blocked(text, tally, clock.instant());
        alerts.blocked(batch, text, end.at());
        if (!batches.finish(batch.id(), end)) {
            log.warn("recon {} was counted as dead meanwhile: its end (BLOCKED) is not written", batch.describe());
            return;
        }
        log.warn("recon {} BLOCKED: {}", batch.describe(), text.replace('\n', ';'));
    }

    /** Ends a batch that cannot run at all. */
    void refuse(Batch batch, Reason reason) {
        blockQuietly(batch, reason, Tally.NOTHING);
    }

    private void blockQuietly(Batch batch, Reason reason, Tally tally) {
        try {
            block(batch, List.of(reason), tally);
        }
        catch (RuntimeException ex) {
            log.error("recon {}: its failure could not be recorded ({}); it stays RUNNING until counted as dead",
                    batch.describe(), ex.toString());
        }
    }

}
