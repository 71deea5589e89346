package io.paypipe.reconcile.retention;

import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.reconcile.retention.RawArchiveRepository.Candidate;
import io.paypipe.reconcile.retention.RawArchiveRepository.Cursor;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Moves the {@code raw_body} of settled raw rows ({@code handled=1}; the manual queue's
 * handled=2 and the unsettled handled=0 keep theirs) stored longer than
 * {@code reconcile.retention.after} ago to {@code pay_notify_raw_archive} /
 * {@code pay_refund_raw_archive}. Per table, batch by batch
 * ({@code reconcile.retention.batch-size}, oldest first, a pause between two):
 * <ol>
 * <li>ids read through the {@code (handled, created_at)} index, no lock;</li>
 * <li>one short transaction: those rows still settled with a body are locked
 * {@code FOR UPDATE SKIP LOCKED} (a row the processor holds is skipped, never waited
 * for), their bodies copied to the archive, and cleared on the raw row.</li>
 * </ol>
 * The ingress INSERT never waits for a batch: it takes no lock on the clustered rows a
 * batch holds. The row and its unique key stay: a duplicate is still a duplicate.
 */
@Component
class RawRetention {

    private static final Logger log = LoggerFactory.getLogger(RawRetention.class);

    /** What one table's part of a run did. */
    record TableRun(int archived, int batches, int skipped) {

        static final TableRun NONE = new TableRun(0, 0, 0);

    }

    /** What one run did. */
    record Report(TableRun payments, TableRun refunds, Duration took) {

        int archived() {
            return payments.archived() + refunds.archived();
        }

        int batches() {
            return payments.batches() + refunds.batches();
        }

    }

    private final RawArchiveRepository rows;

    private final TransactionTemplate tx;

    private final ReconcileProperties.Retention config;

    private final Clock clock;

    private final RetentionAlerts alerts;

    @Autowired
    RawRetention(RawArchiveRepository rows, TransactionTemplate tx, ReconcileProperties props, Clock clock,
            RetentionAlerts alerts) {
        this(rows, tx, props.retention(), clock, alerts);
    }

    RawRetention(RawArchiveRepository rows, TransactionTemplate tx, ReconcileProperties.Retention config, Clock clock,
            RetentionAlerts alerts) {
        this.rows = rows;
        this.tx = tx;
        this.config = config;
        this.clock = clock;
        this.alerts = alerts;
    }

    /**
     * The scheduler's entry: one run, one INFO line; a failure is logged and raises a
     * RETENTION_FAILED alert, never thrown.
     */
    void runQuietly() {
        try {
            Report r = run();
            log.info(
                    "retention: archived {} raw bodies ({} payment, {} refund) in {} batches, {} skipped as locked,"
                            + " {} ms",
                    r.archived(), r.payments().archived(), r.refunds().archived(), r.batches(),
                    r.payments().skipped() + r.refunds().skipped(), r.took().toMillis());
        }
        catch (RuntimeException e) {
            alerts.runFailed(e, config.interval(), clock.instant());
        }
    }

    /** One run over both tables; a database failure is thrown. */
    Report run() {
        Instant started = clock.instant();
        Instant before = started.minus(config.after());
        Instant from = before.minus(config.lookback());
        TableRun payments = run(RawTable.PAYMENTS, from, before);
        TableRun refunds = run(RawTable.REFUNDS, from, before);
        return new Report(payments, refunds, Duration.between(started, clock.instant()));
    }

    private TableRun run(RawTable table, Instant from, Instant before) {
        TableRun done = TableRun.NONE;
        Cursor cursor = Cursor.start(from);
        while (true) {
            List<Candidate> batch = rows.candidates(table, cursor, before, config.batchSize());
            if (batch.isEmpty()) {
                return done;
            }
            List<Long> ids = batch.stream().map(Candidate::id).toList();
            int archived = archive(table, ids, clock.instant());
            done = new TableRun(done.archived() + archived, done.batches() + 1, done.skipped() + ids.size() - archived);
            if (batch.size() < config.batchSize() || !pause()) {
                return done;
            }
            Candidate last = batch.getLast();
            cursor = new Cursor(last.createdAt(), last.id());
        }
    }

    private int archive(RawTable table, List<Long> ids, Instant now) {
        Integer archived = tx.execute(status -> {
            List<Long> locked = rows.lockSettled(table, ids);
            if (locked.isEmpty()) {
                return 0;
            }
            int copied = rows.copyToArchive(table, locked, now);
            int cleared = rows.clearBodies(table, locked);
            if (copied != locked.size() || cleared != locked.size()) {
                throw new IllegalStateException(table.table() + ": " + locked.size() + " rows locked, " + copied
                        + " copied, " + cleared + " cleared");
            }
            return cleared;
        });
        return archived == null ? 0 : archived;
    }

    /** Waits the pause; false when interrupted (the service stops). */
    private boolean pause() {
        if (config.pause().isZero()) {
            return true;
        }
        try {
            Thread.sleep(config.pause());
            return true;
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

}
