package io.paypipe.bench.backlog;

import io.paypipe.bench.ArticleSchema;
import java.time.LocalDateTime;
import java.util.List;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The article's callback log ({@code pay_callback_log} with
 * {@code idx_retry(status, next_retry_at)}, amount in fen) and the orders the business
 * attempt locks, seeded from MariaDB's SEQUENCE engine ({@code seq_1_to_n}).
 *
 * <p>
 * Row {@code id = seq}: rows {@code 1..due} are due now (never retried,
 * {@code next_retry_at} in the last minute); rows {@code due+1..due+backlog} await retry:
 * {@code retry_count} 1..8 and {@code next_retry_at} somewhere in the article's backoff
 * window of that attempt (10 s .. 7200 s), all at least {@link #GUARD_SECONDS} ahead so
 * that none becomes due while the benchmark runs. Both are deterministic functions of
 * {@code id}, which is how {@link #awaitingTouched} finds any awaiting row that was
 * changed.
 */
final class BacklogTables {

    static final String LOG = "bench_backlog_callback_log";
    static final String ORDERS = "bench_backlog_order";

    /** The article's backoff ladder in seconds, one step per failed attempt. */
    static final List<Integer> BACKOFF_SECONDS = List.of(10, 30, 60, 300, 900, 1800, 3600, 7200);
    static final int GUARD_SECONDS = 120;

    private static final int CHUNK = 10_000;

    /**
     * Retry count of awaiting row {@code column} (1..8, as many failed attempts as it has
     * had).
     */
    private static String awaitingRetryCount(String column) {
        return "(1 + %s %% %d)".formatted(column, BACKOFF_SECONDS.size());
    }

    /**
     * Due time of awaiting row {@code column}: guard + a spread within the backoff step
     * of its retry count.
     */
    private static String awaitingDueAt(String column) {
        String ladder = BACKOFF_SECONDS.stream().map(String::valueOf).collect(Collectors.joining(", "));
        return "DATE_ADD(:base, INTERVAL %d + (%s * 7919) %% CAST(ELT(1 + %s %% %d, %s) AS UNSIGNED) SECOND)"
            .formatted(GUARD_SECONDS, column, column, BACKOFF_SECONDS.size(), ladder);
    }

    private final JdbcClient jdbc;

    BacklogTables(DataSource dataSource) {
        this.jdbc = JdbcClient.create(dataSource);
    }

    /**
     * What was seeded: {@code base} is the database's NOW() the awaiting rows' due times
     * are counted from.
     */
    record Seeded(int due, int backlog, LocalDateTime base) {
    }

    void recreate() {
        drop();
        jdbc.sql(ArticleSchema.callbackLog(LOG)).update();
        jdbc.sql(ArticleSchema.orders(ORDERS)).update();
    }

    void drop() {
        jdbc.sql("DROP TABLE IF EXISTS " + LOG).update();
        jdbc.sql("DROP TABLE IF EXISTS " + ORDERS).update();
    }

    /**
     * One PENDING order per record (due and awaiting alike), then the due and the
     * awaiting callback-log rows.
     */
    Seeded seed(int due, int backlog) {
        LocalDateTime base = jdbc.sql("SELECT NOW()").query(LocalDateTime.class).single();
        int total = due + backlog;
        forChunks(1, total,
                (from, to) -> jdbc
                    .sql("""
                            INSERT INTO bench_backlog_order (id, merchant_id, out_trade_no, amount_fen, currency, status)
                            SELECT seq, :merchant, %s, %s, :currency, 'PENDING' FROM seq_%d_to_%d"""
                        .formatted(BacklogRecords.SQL_OUT_TRADE_NO, BacklogRecords.SQL_AMOUNT_MINOR, from, to))
                    .param("merchant", BacklogRecords.MERCHANT)
                    .param("currency", BacklogRecords.CURRENCY)
                    .update());
        forChunks(1, due,
                (from, to) -> insertLog(from, to, "0", "DATE_SUB(:base, INTERVAL 1 + seq % 60 SECOND)", base));
        forChunks(due + 1, total,
                (from, to) -> insertLog(from, to, awaitingRetryCount("seq"), awaitingDueAt("seq"), base));
        jdbc.sql("ANALYZE TABLE " + LOG).query().listOfRows();
        jdbc.sql("ANALYZE TABLE " + ORDERS).query().listOfRows();
        return new Seeded(due, backlog, base);
    }

    private void insertLog(long from, long to, String retryCount, String nextRetryAt, LocalDateTime base) {
        jdbc.sql("""
                INSERT INTO bench_backlog_callback_log (id, merchant_id, channel, channel_trade_no, out_trade_no,
                    trade_state, amount_fen, currency, status, retry_count, next_retry_at, raw_body)
                SELECT seq, :merchant, :channel, %s, %s, 'SUCCESS', %s, :currency, 0, %s, %s, %s FROM seq_%d_to_%d"""
            .formatted(BacklogRecords.SQL_CHANNEL_TRADE_NO, BacklogRecords.SQL_OUT_TRADE_NO,
                    BacklogRecords.SQL_AMOUNT_MINOR, retryCount, nextRetryAt, BacklogRecords.SQL_BODY, from, to))
            .param("merchant", BacklogRecords.MERCHANT)
            .param("channel", BacklogRecords.CHANNEL)
            .param("currency", BacklogRecords.CURRENCY)
            .param("base", base)
            .param("template", BacklogRecords.template())
            .update();
    }

    /** Due rows that were retried exactly once: still pending, {@code retry_count} 1. */
    long dueRetriedOnce(Seeded seeded) {
        return jdbc
            .sql("SELECT COUNT(*) FROM bench_backlog_callback_log WHERE id <= :due AND status = 0 AND retry_count = 1")
            .param("due", seeded.due())
            .query(Long.class)
            .single();
    }

    /**
     * Awaiting rows whose status, retry count or due time is no longer what was seeded.
     */
    long awaitingTouched(Seeded seeded) {
        return jdbc
            .sql("""
                    SELECT COUNT(*) FROM bench_backlog_callback_log
                     WHERE id > :due AND NOT (status = 0 AND retry_count = %s AND next_retry_at = %s)"""
                .formatted(awaitingRetryCount("id"), awaitingDueAt("id")))
            .param("due", seeded.due())
            .param("base", seeded.base())
            .query(Long.class)
            .single();
    }

    /** The index MariaDB chooses for the retry scan (EXPLAIN), e.g. {@code idx_retry}. */
    String scanIndex(int limit) {
        return jdbc.sql("EXPLAIN " + TableScanRetry.SCAN)
            .param("limit", limit)
            .query((rs, n) -> String.valueOf(rs.getString("key")))
            .list()
            .stream()
            .findFirst()
            .orElse("?");
    }

    /**
     * The raw body of row {@code id} as stored (to check it matches
     * {@link BacklogRecords#body}).
     */
    String rawBody(long id) {
        return jdbc.sql("SELECT raw_body FROM bench_backlog_callback_log WHERE id = :id")
            .param("id", id)
            .query(String.class)
            .single();
    }

    private interface ChunkAction {

        void run(long from, long to);

    }

    private static void forChunks(long first, long last, ChunkAction action) {
        for (long from = first; from <= last; from += CHUNK) {
            action.run(from, Math.min(last, from + CHUNK - 1));
        }
    }

}
