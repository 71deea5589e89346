package io.paypipe.bench.backlog;

import io.paypipe.bench.backlog.BacklogCost.Row;
import io.paypipe.bench.backlog.BacklogCost.Settings;
import java.io.PrintStream;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.LongStream;

/**
 * One backlog size: fresh tables and topics seeded with the same due and awaiting
 * records, both designs run on the same pinned connection, then checked: every due record
 * retried exactly once, no awaiting record touched. A failed check throws: the numbers of
 * a run that did not do what it claims are not reported.
 */
final class BacklogRound {

    private final Settings settings;

    private final BacklogTables tables;

    private final RetryTopics topics;

    private final PinnedConnection pinned;

    private final PrintStream progress;

    BacklogRound(Settings settings, BacklogTables tables, RetryTopics topics, PinnedConnection pinned,
            PrintStream progress) {
        this.settings = settings;
        this.tables = tables;
        this.topics = topics;
        this.pinned = pinned;
        this.progress = progress;
    }

    List<Row> run(int backlog, int due, String label) {
        progress.printf("%s backlog %d: seeding %d due + %d awaiting rows%n", label, backlog, due, backlog);
        tables.recreate();
        BacklogTables.Seeded seeded = tables.seed(due, backlog);
        String index = tables.scanIndex(settings.scanLimit());
        TableScanRetry.Outcome scan = new TableScanRetry(pinned.jdbc(), pinned.business(), pinned.counters(),
                settings.scanLimit())
            .run();
        check("table-scan retried", scan.retried(), due);
        check("table-scan lost leases", scan.leasesLost(), 0);
        check("table-scan due rows retried exactly once", tables.dueRetriedOnce(seeded), due);
        check("table-scan awaiting rows touched", tables.awaitingTouched(seeded), 0);
        progress.printf("%s backlog %d: table-scan retried %d in %d ms%n", label, backlog, scan.retried(),
                scan.nanos() / 1_000_000);

        progress.printf("%s backlog %d: seeding retry topic with %d due + %d awaiting records%n", label, backlog, due,
                backlog);
        RetryTopics.Pair pair = topics.create();
        topics.seed(pair, due, backlog);
        RetryTopicRetry.Outcome topic = new RetryTopicRetry(topics, pinned.business(), pinned.counters(),
                settings.seekAfterError())
            .run(pair);
        check("retry-topic retried", topic.retried(), due);
        check("retry-topic committed offset", topic.committed(), due);
        check("retry-topic paused at", topic.pausedAt(), backlog > 0 ? due : -1);
        checkForwardedOnce(pair, due);
        progress.printf("%s backlog %d: retry-topic retried %d in %d ms%n", label, backlog, topic.retried(),
                topic.nanos() / 1_000_000);
        return List.of(tableScanRow(backlog, due, scan, index), retryTopicRow(backlog, topic));
    }

    private Row tableScanRow(int backlog, int due, TableScanRetry.Outcome o, String index) {
        double secondsPerRetry = o.nanos() / 1e9 / o.retried();
        double interval = settings.scanInterval().toNanos() / 1e9;
        int limit = settings.scanLimit();
        long batches = (due + limit - 1) / limit;
        double drainSeconds = (batches - 1) * interval + due * secondsPerRetry;
        double capPerSecond = limit / (interval + limit * secondsPerRetry);
        String note = String.format(Locale.ROOT, "%d scans via %s examined %d rows; %d rows written; "
                + "Handler_read_* %d; on the article's schedule (LIMIT %d every %.0f s) the %d due rows drain in "
                + "%.1f s and retries are capped at %.0f/s", o.scanCount(), index, o.scans().rowsExamined(),
                o.total().rowsWritten(), o.total().handlerReads(), limit, interval, due, drainSeconds, capPerSecond);
        return row("table-scan", backlog, o.retried(), o.total(), o.nanos(), note);
    }

    private Row retryTopicRow(int backlog, RetryTopicRetry.Outcome o) {
        String where = o.pausedAt() >= 0
                ? "paused at offset " + o.pausedAt() + " in front of " + backlog + " records not yet due"
                : "read to the end";
        String note = where + "; " + o.total().rowsWritten() + " rows written; Handler_read_* "
                + o.total().handlerReads()
                + "; per record a synchronous forward (acks=all, linger.ms=0 as the processor) and a " + "commitSync"
                + (settings.seekAfterError() ? ", then seek and poll again (seekAfterError)" : "")
                + "; no scan, no bookkeeping statements";
        return row("retry-topic", backlog, o.retried(), o.total(), o.nanos(), note);
    }

    private static Row row(String design, int backlog, long retried, SessionCounters.Delta d, long nanos, String note) {
        return new Row(design, backlog, retried, d.rowsExamined(), (double) d.rowsExamined() / retried, d.statements(),
                (double) d.statements() / retried, nanos / 1e3 / retried, note);
    }

    private void checkForwardedOnce(RetryTopics.Pair pair, int due) {
        List<String> keys = topics.keys(pair.next());
        Set<String> expected = new HashSet<>();
        LongStream.rangeClosed(1, due).forEach(seq -> expected.add(BacklogRecords.outTradeNo(seq)));
        check("retry-topic records forwarded", keys.size(), due);
        if (!new HashSet<>(keys).equals(expected)) {
            throw new IllegalStateException("retry-topic forwarded other records than the due ones");
        }
    }

    private static void check(String what, long actual, long expected) {
        if (actual != expected) {
            throw new IllegalStateException(what + ": " + actual + ", expected " + expected);
        }
    }

}
