package io.paypipe.bench.backlog;

import io.paypipe.bench.backlog.BusinessAttempt.DownstreamUnavailableException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The article's retry job, statement for statement, on the one measured connection: scan
 * {@code status = 0 AND next_retry_at <= NOW() ORDER BY next_retry_at LIMIT 200} (served
 * by {@code idx_retry}), and for each id the lease UPDATE, loading the row (the job only
 * has the id; the article's {@code processBusiness(logId)} reads it), the business
 * attempt, {@code SELECT retry_count} and the backoff UPDATE.
 *
 * <p>
 * Time is compressed: the next scan starts as soon as the previous batch is done instead
 * of 5 s later. The run stops at the first scan that finds no due row it has not retried
 * yet (a retried row comes due again only after its 10 s backoff, and then sorts behind
 * every row still due from before).
 */
final class TableScanRetry {

    static final String SCAN = """
            SELECT id FROM bench_backlog_callback_log
             WHERE status = 0 AND next_retry_at <= NOW()
             ORDER BY next_retry_at
             LIMIT :limit""";

    private static final int LEASE_SECONDS = 60;

    private static final int MAX_RETRY = BacklogTables.BACKOFF_SECONDS.size();

    /**
     * {@code total}: every statement of the run, scans included; {@code scans}: the scans
     * alone; {@code nanos}: wall time of the run without the counter reads around each
     * scan.
     */
    record Outcome(long retried, long leasesLost, long scanCount, SessionCounters.Delta total,
            SessionCounters.Delta scans, long nanos) {
    }

    private record LogRow(String merchantId, String outTradeNo) {
    }

    private final JdbcClient jdbc;

    private final BusinessAttempt business;

    private final SessionCounters counters;

    private final int limit;

    /**
     * {@code pinned}, {@code business} and {@code counters} must all use the same single
     * connection.
     */
    TableScanRetry(JdbcClient pinned, BusinessAttempt business, SessionCounters counters, int limit) {
        this.jdbc = pinned;
        this.business = business;
        this.counters = counters;
        this.limit = limit;
    }

    Outcome run() {
        Set<Long> retried = new HashSet<>();
        long leasesLost = 0;
        long scanCount = 0;
        long probeNanos = 0;
        SessionCounters.Delta scans = SessionCounters.Delta.ZERO;
        SessionCounters.Snapshot start = counters.read();
        long t0 = System.nanoTime();
        while (true) {
            long p0 = System.nanoTime();
            SessionCounters.Snapshot beforeScan = counters.read();
            probeNanos += System.nanoTime() - p0;
            List<Long> ids = jdbc.sql(SCAN).param("limit", limit).query(Long.class).list();
            p0 = System.nanoTime();
            SessionCounters.Snapshot afterScan = counters.read();
            probeNanos += System.nanoTime() - p0;
            scans = scans.plus(counters.between(beforeScan, afterScan));
            scanCount++;
            List<Long> fresh = ids.stream().filter(id -> !retried.contains(id)).toList();
            if (fresh.isEmpty()) {
                break;
            }
            for (long id : fresh) {
                if (handleOne(id)) {
                    retried.add(id);
                }
                else {
                    leasesLost++;
                }
            }
        }
        long nanos = System.nanoTime() - t0 - probeNanos;
        SessionCounters.Delta total = counters.between(start, counters.read(), 2 * scanCount);
        return new Outcome(retried.size(), leasesLost, scanCount, total, scans, nanos);
    }

    /**
     * The article's handleOne: lease, attempt, and on failure count the retry and push it
     * back by its backoff.
     */
    private boolean handleOne(long id) {
        int leased = jdbc.sql("""
                UPDATE bench_backlog_callback_log
                   SET next_retry_at = DATE_ADD(NOW(), INTERVAL %d SECOND)
                 WHERE id = :id AND status = 0 AND next_retry_at <= NOW()""".formatted(LEASE_SECONDS))
            .param("id", id)
            .update();
        if (leased == 0) {
            return false;
        }
        try {
            LogRow row = jdbc.sql("""
                    SELECT merchant_id, channel, channel_trade_no, out_trade_no, amount_fen, currency, raw_body
                      FROM bench_backlog_callback_log WHERE id = :id""")
                .param("id", id)
                .query((rs, n) -> new LogRow(rs.getString("merchant_id"), rs.getString("out_trade_no")))
                .single();
            business.attempt(row.merchantId(), row.outTradeNo());
            jdbc.sql("UPDATE bench_backlog_callback_log SET status = 1 WHERE id = :id").param("id", id).update();
        }
        catch (DownstreamUnavailableException e) {
            int retry = jdbc.sql("SELECT retry_count FROM bench_backlog_callback_log WHERE id = :id")
                .param("id", id)
                .query(Integer.class)
                .single();
            if (retry >= MAX_RETRY) {
                jdbc.sql("UPDATE bench_backlog_callback_log SET status = 2 WHERE id = :id").param("id", id).update();
            }
            else {
                jdbc.sql("""
                        UPDATE bench_backlog_callback_log
                           SET retry_count = retry_count + 1,
                               next_retry_at = DATE_ADD(NOW(), INTERVAL :delay SECOND)
                         WHERE id = :id""")
                    .param("delay", BacklogTables.BACKOFF_SECONDS.get(retry))
                    .param("id", id)
                    .update();
            }
        }
        return true;
    }

}
