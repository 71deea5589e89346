package io.paypipe.bench.backlog;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * How the database cost of retrying grows with the backlog of failed records awaiting
 * retry: the article's table-scanning retry job
 * ({@code status = 0 AND next_retry_at <= NOW()} over {@code idx_retry}, LIMIT 200 every
 * 5 s, a lease and two bookkeeping statements per record) against spring-kafka's retry
 * topics (the records awaiting retry sit in Kafka behind the due ones; the database sees
 * only the business attempt).
 *
 * <p>
 * For each backlog size both designs retry the same {@code dueRecords} due records once,
 * each with the same business attempt (lock the order, the downstream is down, roll
 * back), while {@code backlog} more records await a later retry. Rows examined
 * ({@code Rows_read}) and statements come from MariaDB's session counters of the one
 * connection that does all the work; time per retried record is the wall time of the
 * retry work divided by the records retried. The table scan runs without the 5 s pauses
 * (time compressed); what the pauses cost is in the row's note. A warm-up round (not
 * reported) runs first.
 */
public final class BacklogCost {

    private BacklogCost() {
    }

    /**
     * @param backlogs records awaiting retry, one round each (0, 10 000, 100 000)
     * @param dueRecords records due now, retried and measured in every round (1000)
     * @param scanLimit the article's LIMIT (200)
     * @param scanInterval the article's fixed delay between scans (5 s), used for the
     * derived drain time only
     * @param seekAfterError retry topics: after each failed record seek to the next one
     * and poll again, as spring-kafka's DefaultErrorHandler does by default (the product
     * keeps that default); at the end of the log every such re-poll waits
     * {@code fetch.max.wait.ms} (500 ms), so this mostly measures the Kafka client. False
     * (the default here): go on with the polled batch in memory
     */
    public record Settings(DataSource dataSource, String bootstrapServers, List<Integer> backlogs, int dueRecords,
            int scanLimit, Duration scanInterval, boolean seekAfterError) {

        public Settings {
            Objects.requireNonNull(dataSource, "dataSource");
            Objects.requireNonNull(bootstrapServers, "bootstrapServers");
            backlogs = List.copyOf(backlogs);
            if (backlogs.isEmpty() || backlogs.stream().anyMatch(b -> b < 0)) {
                throw new IllegalArgumentException("backlogs must be >= 0 and not empty: " + backlogs);
            }
            if (dueRecords < 1 || scanLimit < 1) {
                throw new IllegalArgumentException("dueRecords and scanLimit must be >= 1");
            }
            Objects.requireNonNull(scanInterval, "scanInterval");
        }

        /** Without seek-after-error on the retry topics. */
        public Settings(DataSource dataSource, String bootstrapServers, List<Integer> backlogs, int dueRecords,
                int scanLimit, Duration scanInterval) {
            this(dataSource, bootstrapServers, backlogs, dueRecords, scanLimit, scanInterval, false);
        }

        public Settings withSeekAfterError(boolean seek) {
            return new Settings(dataSource, bootstrapServers, backlogs, dueRecords, scanLimit, scanInterval, seek);
        }

        /**
         * Backlogs 0, 10 000 and 100 000; 1000 due records; LIMIT 200 every 5 s as in the
         * article.
         */
        public static Settings defaults(DataSource ds, String bootstrapServers) {
            return new Settings(ds, bootstrapServers, List.of(0, 10_000, 100_000), 1000, 200, Duration.ofSeconds(5));
        }
    }

    /**
     * One design at one backlog size. {@code rowsExamined}: MariaDB's {@code Rows_read}
     * of the measured connection; {@code statements}: SELECT, INSERT, UPDATE and DELETE
     * statements it ran (transaction control not counted); {@code microsPerRetry}: wall
     * time of the retry work per retried record.
     */
    public record Row(String design, int backlog, long retried, long rowsExamined, double rowsExaminedPerRetry,
            long statements, double statementsPerRetry, double microsPerRetry, String note) {
    }

    /**
     * Runs a warm-up round, then every backlog size; drops the tables and deletes the
     * topics it made.
     */
    public static List<Row> measure(Settings settings, PrintStream progress) {
        BacklogTables tables = new BacklogTables(settings.dataSource());
        List<Row> rows = new ArrayList<>();
        try (RetryTopics topics = new RetryTopics(settings.bootstrapServers());
                PinnedConnection pinned = new PinnedConnection(settings.dataSource())) {
            BacklogRound round = new BacklogRound(settings, tables, topics, pinned, progress);
            round.run(0, Math.min(settings.dueRecords(), settings.scanLimit()), "warm-up");
            for (int backlog : settings.backlogs()) {
                rows.addAll(round.run(backlog, settings.dueRecords(), "measure"));
            }
        }
        finally {
            tables.drop();
        }
        return List.copyOf(rows);
    }

    /** The rows as a fixed-width text table, notes below it. */
    public static String render(List<Row> rows) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-12s %8s %8s %12s %10s %10s %10s %12s%n",
                "design", "backlog", "retried", "rows exam.", "rows/retry", "statements", "stmt/retry", "us/retry"));
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "%-12s %8d %8d %12d %10.2f %10d %10.2f %12.1f%n", r.design(),
                    r.backlog(), r.retried(), r.rowsExamined(), r.rowsExaminedPerRetry(), r.statements(),
                    r.statementsPerRetry(), r.microsPerRetry()));
        }
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "%s @ %d: %s%n", r.design(), r.backlog(), r.note()));
        }
        return sb.toString();
    }

}
