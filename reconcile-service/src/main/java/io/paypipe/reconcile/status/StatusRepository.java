package io.paypipe.reconcile.status;

import io.paypipe.core.order.OrderStatus;
import io.paypipe.core.raw.Handled;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The morning numbers, one statement each: how many rows match, and the oldest of them
 * (one row, LEFT JOINed so a count of zero still answers). {@code merchant} (null = all)
 * narrows every number to one merchant. Read only.
 */
@Repository
class StatusRepository {

    /**
     * Query chains still running (payment_query.state), as the active query writes them.
     */
    static final String QUERY_ACTIVE = "ACTIVE";

    static final String QUERY_CLOSING = "CLOSING";

    private final JdbcClient jdbc;

    StatusRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** {@code pay_notify_raw} at handled=0 stored before {@code before}. */
    Figure paymentsUnsettled(Instant before, String merchant) {
        return raw(rawSql("pay_notify_raw", "created_at"), Handled.RECEIVED, before, merchant);
    }

    /**
     * {@code pay_notify_raw} at handled=2 set aside before {@code before} and not touched
     * since ({@code updated_at}).
     */
    Figure paymentsSetAside(Instant before, String merchant) {
        return raw(rawSql("pay_notify_raw", "updated_at"), Handled.NEEDS_A_PERSON, before, merchant);
    }

    /** {@code pay_refund_raw} at handled=0 stored before {@code before}. */
    Figure refundsUnsettled(Instant before, String merchant) {
        return raw(rawSql("pay_refund_raw", "created_at"), Handled.RECEIVED, before, merchant);
    }

    /** {@code pay_refund_raw} at handled=2 set aside before {@code before}. */
    Figure refundsSetAside(Instant before, String merchant) {
        return raw(rawSql("pay_refund_raw", "updated_at"), Handled.NEEDS_A_PERSON, before, merchant);
    }

    /** Orders still PENDING that were created before {@code before}. */
    Figure ordersPendingPastExpiry(Instant before, String merchant) {
        return jdbc.sql("""
                SELECT n.total, o.id, o.channel, o.merchant_id, o.out_trade_no, o.created_at AS since
                  FROM (SELECT COUNT(*) AS total FROM orders
                         WHERE status = :pending AND created_at < :before
                           AND (:merchant IS NULL OR merchant_id = :merchant)) n
                  LEFT JOIN (SELECT id, channel, merchant_id, out_trade_no, created_at FROM orders
                              WHERE status = :pending AND created_at < :before
                                AND (:merchant IS NULL OR merchant_id = :merchant)
                              ORDER BY created_at, id LIMIT 1) o ON TRUE
                """)
            .param("pending", OrderStatus.PENDING.name())
            .param("before", Timestamp.from(before))
            .param("merchant", merchant)
            .query((rs, i) -> figure(rs, Figure.Ref.ORDER))
            .single();
    }

    /**
     * {@code payment_query} chains still running (ACTIVE or CLOSING), whatever their age.
     */
    Figure queriesInFlight(String merchant) {
        return jdbc.sql("""
                SELECT n.total, o.order_id AS id, o.channel, o.merchant_id, o.out_trade_no, o.created_at AS since
                  FROM (SELECT COUNT(*) AS total FROM payment_query
                         WHERE state IN (:active, :closing) AND (:merchant IS NULL OR merchant_id = :merchant)) n
                  LEFT JOIN (SELECT order_id, channel, merchant_id, out_trade_no, created_at FROM payment_query
                              WHERE state IN (:active, :closing) AND (:merchant IS NULL OR merchant_id = :merchant)
                              ORDER BY created_at, order_id LIMIT 1) o ON TRUE
                """)
            .param("active", QUERY_ACTIVE)
            .param("closing", QUERY_CLOSING)
            .param("merchant", merchant)
            .query((rs, i) -> figure(rs, Figure.Ref.ORDER))
            .single();
    }

    /**
     * Merchant days whose latest reconciliation batch (the highest id of its channel,
     * merchant and day) is BLOCKED: nobody may call such a day reconciled. The oldest
     * example is the batch, its age counted from its start.
     */
    Figure reconDaysBlocked(String merchant) {
        return jdbc.sql("""
                SELECT n.total, o.id, o.channel, o.merchant_id, NULL AS out_trade_no, o.started_at AS since
                  FROM (SELECT COUNT(*) AS total FROM recon_batch b
                         WHERE b.status = 'BLOCKED' AND (:merchant IS NULL OR b.merchant_id = :merchant)
                           AND NOT EXISTS (SELECT 1 FROM recon_batch l
                                            WHERE l.channel = b.channel AND l.merchant_id = b.merchant_id
                                              AND l.bill_day = b.bill_day AND l.id > b.id)) n
                  LEFT JOIN (SELECT b.id, b.channel, b.merchant_id, b.started_at FROM recon_batch b
                              WHERE b.status = 'BLOCKED' AND (:merchant IS NULL OR b.merchant_id = :merchant)
                                AND NOT EXISTS (SELECT 1 FROM recon_batch l
                                                 WHERE l.channel = b.channel AND l.merchant_id = b.merchant_id
                                                   AND l.bill_day = b.bill_day AND l.id > b.id)
                              ORDER BY b.started_at, b.id LIMIT 1) o ON TRUE
                """).param("merchant", merchant).query((rs, i) -> figure(rs, Figure.Ref.BATCH)).single();
    }

    /**
     * Reconciliation differences still OPEN that were found before {@code before}. The
     * oldest example is the difference, its age counted from when it was found.
     */
    Figure reconDiffsOpen(Instant before, String merchant) {
        return jdbc.sql("""
                SELECT n.total, o.id, o.channel, o.merchant_id, NULL AS out_trade_no, o.created_at AS since
                  FROM (SELECT COUNT(*) AS total FROM recon_diff
                         WHERE handle_status = 'OPEN' AND created_at < :before
                           AND (:merchant IS NULL OR merchant_id = :merchant)) n
                  LEFT JOIN (SELECT id, channel, merchant_id, created_at FROM recon_diff
                              WHERE handle_status = 'OPEN' AND created_at < :before
                                AND (:merchant IS NULL OR merchant_id = :merchant)
                              ORDER BY created_at, id LIMIT 1) o ON TRUE
                """)
            .param("before", Timestamp.from(before))
            .param("merchant", merchant)
            .query((rs, i) -> figure(rs, Figure.Ref.DIFF))
            .single();
    }

    /**
     * The count of one raw table's rows at {@code :handled} with {@code since} (one of
     * its own time columns, a constant of this class) before {@code :before}, and the
     * oldest of them.
     */
    private static String rawSql(String table, String since) {
        return """
                SELECT n.total, o.id, o.channel, o.merchant_id, o.out_trade_no, o.%2$s AS since
                  FROM (SELECT COUNT(*) AS total FROM %1$s
                         WHERE handled = :handled AND %2$s < :before
                           AND (:merchant IS NULL OR merchant_id = :merchant)) n
                  LEFT JOIN (SELECT id, channel, merchant_id, out_trade_no, %2$s FROM %1$s
                              WHERE handled = :handled AND %2$s < :before
                                AND (:merchant IS NULL OR merchant_id = :merchant)
                              ORDER BY %2$s, id LIMIT 1) o ON TRUE
                """.formatted(table, since);
    }

    private Figure raw(String sql, Handled handled, Instant before, String merchant) {
        return jdbc.sql(sql)
            .param("handled", handled.column())
            .param("before", Timestamp.from(before))
            .param("merchant", merchant)
            .query((rs, i) -> figure(rs, Figure.Ref.RAW))
            .single();
    }

    private static Figure figure(ResultSet rs, Figure.Ref ref) throws SQLException {
        long total = rs.getLong("total");
        Timestamp since = rs.getTimestamp("since");
        if (since == null) {
            return new Figure(total, Optional.empty());
        }
        return new Figure(total, Optional.of(new Figure.Oldest(ref, rs.getLong("id"), rs.getString("channel"),
                rs.getString("merchant_id"), rs.getString("out_trade_no"), since.toInstant())));
    }

}
