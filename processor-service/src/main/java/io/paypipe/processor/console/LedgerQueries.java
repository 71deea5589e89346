package io.paypipe.processor.console;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The console's reads of the tables the other services write in the shared database:
 * refunds (refund-service), active queries and reconciliation (reconcile-service). Read
 * only; one statement per method, each limited to {@code limit} rows.
 */
@Repository
class LedgerQueries {

    record Refund(long id, String refundNo, String merchantId, String outTradeNo, String channel, long amountMinor,
            String currency, String status, String source, String reason, String requestedBy, String failure,
            Instant createdAt, Instant updatedAt) {
    }

    record StateCount(String state, long total) {
    }

    record ActiveQuery(long orderId, String merchantId, String outTradeNo, String channel, String reason, int attempt,
            String state, Instant nextDueAt, Instant expiresAt, String lastAnswer, Instant lastQueriedAt) {
    }

    record Batch(long id, String channel, String merchantId, LocalDate billDay, String runKind, int runNo,
            String status, String reasons, long rowsRead, long compared, long diffsOpen, long diffsResolved,
            String confirmedBy, Instant startedAt, Instant finishedAt) {
    }

    record Diff(long id, long batchId, String channel, String merchantId, LocalDate billDay, String category,
            String channelTradeNo, String refundNo, String field, String channelValue, String localValue,
            String handleStatus, String handledBy, Instant handledAt) {
    }

    private final JdbcClient jdbc;

    LedgerQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** How many refunds are in each status. */
    List<StateCount> refundCounts() {
        return jdbc.sql("SELECT status AS state, COUNT(*) AS total FROM refund GROUP BY status ORDER BY status")
            .query(RecordRows.of(StateCount.class))
            .list();
    }

    /** The refunds of one status (all when null), last changed first. */
    List<Refund> refunds(String status, int limit) {
        return jdbc.sql("""
                SELECT id, refund_no, merchant_id, out_trade_no, channel, amount_minor, currency, status, source,
                       reason, requested_by, failure, created_at, updated_at
                  FROM refund WHERE (:status IS NULL OR status = :status)
                 ORDER BY updated_at DESC, id DESC LIMIT :limit""")
            .param("status", status)
            .param("limit", limit)
            .query(RecordRows.of(Refund.class))
            .list();
    }

    /** Active queries of one state (ACTIVE when null), next due first. */
    List<ActiveQuery> queries(String state, int limit) {
        return jdbc.sql("""
                SELECT order_id, merchant_id, out_trade_no, channel, reason, attempt, state, next_due_at,
                       expires_at, last_answer, last_queried_at
                  FROM payment_query WHERE state = :state
                 ORDER BY next_due_at, order_id LIMIT :limit""")
            .param("state", state == null ? "ACTIVE" : state)
            .param("limit", limit)
            .query(RecordRows.of(ActiveQuery.class))
            .list();
    }

    /** The reconciliation batches, last started first. */
    List<Batch> batches(int limit) {
        return jdbc.sql("""
                SELECT id, channel, merchant_id, bill_day, run_kind, run_no, status, reasons, rows_read, compared,
                       diffs_open, diffs_resolved, confirmed_by, started_at, finished_at
                  FROM recon_batch ORDER BY started_at DESC, id DESC LIMIT :limit""")
            .param("limit", limit)
            .query(RecordRows.of(Batch.class))
            .list();
    }

    /** The differences of one batch, or the open ones of all batches when null. */
    List<Diff> diffs(Long batchId, int limit) {
        return jdbc.sql("""
                SELECT id, batch_id, channel, merchant_id, bill_day, category, channel_trade_no, refund_no, field,
                       channel_value, local_value, handle_status, handled_by, handled_at
                  FROM recon_diff
                 WHERE (:batch IS NULL AND handle_status = 'OPEN') OR batch_id = :batch
                 ORDER BY id DESC LIMIT :limit""")
            .param("batch", batchId)
            .param("limit", limit)
            .query(RecordRows.of(Diff.class))
            .list();
    }

}
