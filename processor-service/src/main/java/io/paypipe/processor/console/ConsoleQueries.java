package io.paypipe.processor.console;

import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The console's reads of the raw payment rows and the alerts: one statement per method,
 * each limited to {@code limit} rows. No raw body is ever read.
 */
@Repository
class ConsoleQueries {

    /** A raw payment row as the console lists it. */
    record RawRow(long id, String channel, String merchantId, String outTradeNo, String channelTradeNo,
            String tradeState, long paidAmountMinor, String currency, int handled, String outcome, int attempts,
            String lastError, Instant createdAt, Instant updatedAt) {
    }

    /** An alert, newest first. */
    record Alert(long id, String kind, String severity, String merchantId, String outTradeNo, String channel,
            Long rawId, String message, Instant createdAt) {
    }

    /** Callbacks stored in one minute for one channel with one outcome. */
    record MinuteCount(Instant minuteAt, String channel, String outcome, long callbacks) {
    }

    private static final String RAW_COLUMNS = """
            id, channel, merchant_id, out_trade_no, channel_trade_no, trade_state, paid_amount_minor, currency,
            handled, outcome, attempts, last_error, created_at, updated_at""";

    private final JdbcClient jdbc;

    ConsoleQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Rows still at handled=0 stored before {@code before}, oldest first. */
    List<RawRow> stuck(Instant before, String order, int limit) {
        return jdbc.sql("SELECT " + RAW_COLUMNS + " " + """
                FROM pay_notify_raw WHERE handled = 0 AND created_at < :before
                AND (:order IS NULL OR out_trade_no = :order)
                ORDER BY created_at LIMIT :limit""")
            .param("before", before)
            .param("order", order, java.sql.Types.VARCHAR)
            .param("limit", limit)
            .query(RecordRows.of(RawRow.class))
            .list();
    }

    /**
     * Rows set aside for a person (handled=2), oldest first; of one order
     * ({@code out_trade_no}) when {@code order} is given.
     */
    List<RawRow> manual(String order, int limit) {
        return jdbc.sql("SELECT " + RAW_COLUMNS + " " + """
                FROM pay_notify_raw WHERE handled = 2 AND (:order IS NULL OR out_trade_no = :order)
                ORDER BY created_at LIMIT :limit""")
            .param("order", order, java.sql.Types.VARCHAR)
            .param("limit", limit)
            .query(RecordRows.of(RawRow.class))
            .list();
    }

    /** The alerts, newest first, optionally of one kind. */
    List<Alert> alerts(String kind, int limit) {
        return jdbc.sql("""
                SELECT id, kind, severity, merchant_id, out_trade_no, channel, raw_id, message, created_at
                  FROM ops_alert WHERE (:kind IS NULL OR kind = :kind)
                 ORDER BY created_at DESC, id DESC LIMIT :limit""")
            .param("kind", kind)
            .param("limit", limit)
            .query(RecordRows.of(Alert.class))
            .list();
    }

    /**
     * Callbacks stored since {@code since}, counted per minute, channel and outcome
     * ({@code handled} 0 without an outcome yet counts as {@code PENDING}).
     */
    List<MinuteCount> callbacksPerMinute(Instant since) {
        return jdbc.sql("""
                SELECT FROM_UNIXTIME(FLOOR(UNIX_TIMESTAMP(created_at) / 60) * 60) AS minute_at, channel,
                       COALESCE(outcome, 'PENDING') AS outcome, COUNT(*) AS callbacks
                  FROM pay_notify_raw WHERE created_at >= :since
                 GROUP BY minute_at, channel, COALESCE(outcome, 'PENDING')
                 ORDER BY minute_at, channel, outcome""")
            .param("since", since)
            .query(RecordRows.of(MinuteCount.class))
            .list();
    }

}
