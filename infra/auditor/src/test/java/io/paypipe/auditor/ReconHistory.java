package io.paypipe.auditor;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;

/**
 * Writes reconciliation rows as reconcile-service leaves them (batches with their bill
 * lines and alerts, differences, corrections), or broken on purpose. Each batch has a day
 * of its own.
 */
final class ReconHistory {

    private final JdbcClient jdbc;

    private LocalDate nextDay = LocalDate.of(2026, 11, 1);

    ReconHistory(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * A finished batch: {@code summaryLines} null for none, {@code linesStored} lines in
     * {@code recon_bill_line}.
     */
    long batch(String status, long rowsRead, Long summaryLines, long linesStored, long diffsOpen) {
        KeyHolder key = new GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO recon_batch (channel, merchant_id, bill_day, run_kind, run_no, source, status, rows_read,
                                         payments, summary_lines, diffs_open, started_at, finished_at)
                VALUES ('wechatpay', '1900000100', :day, 'T+1', 0, 'FETCH', :status, :rows, :rows, :summary, :open,
                        :now, :now)
                """)
            .param("day", nextDay)
            .param("status", status)
            .param("rows", rowsRead)
            .param("summary", summaryLines)
            .param("open", diffsOpen)
            .param("now", now())
            .update(key);
        nextDay = nextDay.plusDays(1);
        long id = key.getKey().longValue();
        for (long line = 1; line <= linesStored; line++) {
            jdbc.sql("""
                    INSERT INTO recon_bill_line (batch_id, line_no, kind, channel_trade_no, amount_minor, fee_minor,
                                                 currency, occurred_at, channel_state)
                    VALUES (:batch, :line, 'PAYMENT', :trade, 100, 1, 'CNY', :now, 'SUCCESS')
                    """)
                .param("batch", id)
                .param("line", line)
                .param("trade", "T" + id + "-" + line)
                .param("now", now())
                .update();
        }
        return id;
    }

    /** The batch's alert, as reconcile-service raises it. */
    void alert(long batchId, String kind) {
        jdbc.sql("""
                INSERT INTO ops_alert (alert_key, kind, severity, merchant_id, channel, message, event_id, created_at)
                VALUES (:key, :kind, 'ERROR', '1900000100', 'wechatpay', 'seeded', :eventId, :now)
                """)
            .param("key", kind + ":" + batchId)
            .param("kind", kind)
            .param("eventId", UUID.randomUUID().toString())
            .param("now", now())
            .update();
    }

    /** A difference found by {@code batchId} of trade {@code tradeNo}. */
    long diff(long batchId, String category, String tradeNo, String handleStatus) {
        KeyHolder key = new GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO recon_diff (batch_id, channel, merchant_id, bill_day, category, channel_trade_no, field,
                                        channel_value, local_value, handle_status, created_at, updated_at)
                VALUES (:batch, 'wechatpay', '1900000100', '2026-10-01', :category, :trade, 'paid_amount', '120 CNY',
                        '100 CNY', :status, :now, :now)
                """)
            .param("batch", batchId)
            .param("category", category)
            .param("trade", tradeNo)
            .param("status", handleStatus)
            .param("now", now())
            .update(key);
        return key.getKey().longValue();
    }

    /** A correction answering {@code diffId}, of trade {@code tradeNo}. */
    long correction(long diffId, String tradeNo) {
        KeyHolder key = new GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO ledger_correction (diff_id, channel, merchant_id, channel_trade_no, amount_minor, currency,
                                               reason, created_by, created_at)
                VALUES (:diff, 'wechatpay', '1900000100', :trade, 20, 'CNY', 'seeded', 'ops-li', :now)
                """).param("diff", diffId).param("trade", tradeNo).param("now", now()).update(key);
        return key.getKey().longValue();
    }

    private static Timestamp now() {
        return Timestamp.from(Instant.now());
    }

}
