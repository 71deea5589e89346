package io.paypipe.reconcile.outbox;

import io.paypipe.core.raw.Handled;
import io.paypipe.reconcile.raw.RawPayment;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The raw tables as an outbox. Nothing here is transactional: each statement is its own
 * autocommit, and the only write is the guarded {@code last_republished_at}. A row's last
 * activity is the latest of {@code created_at}, {@code last_delivered_at} (never earlier
 * than {@code created_at}; set for every row since V5) and {@code last_republished_at},
 * so "last activity before T" is {@code last_delivered_at < T} (the range of index
 * {@code (handled, last_delivered_at)}) and {@code last_republished_at} NULL or before T.
 * The alert queries leave out rows whose alert exists ({@code ops_alert.alert_key},
 * unique), so each sweep moves on to rows not alerted yet.
 */
@Repository
class RawOutboxRepository {

    private final JdbcClient jdbc;

    RawOutboxRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Rows at handled=0 with a payment state whose last activity is before
     * {@code before}, oldest id first, at most {@code limit}.
     */
    List<RawPayment> dueForRepublish(Instant before, int limit) {
        return jdbc.sql("SELECT " + RawPayment.COLUMNS + """
                  FROM pay_notify_raw
                 WHERE handled = :received AND last_delivered_at < :before
                   AND (last_republished_at IS NULL OR last_republished_at < :before)
                   AND payment_state IS NOT NULL
                 ORDER BY id LIMIT :limit
                """)
            .param("received", Handled.RECEIVED.column())
            .param("before", Timestamp.from(before))
            .param("limit", limit)
            .query((rs, i) -> RawPayment.read(rs))
            .list();
    }

    /**
     * Row {@code id} was published again at {@code at}; false when it was settled
     * meanwhile (the guard {@code handled = 0} held no row).
     */
    boolean markRepublished(long id, Instant at) {
        return jdbc.sql("""
                UPDATE pay_notify_raw SET last_republished_at = :at WHERE id = :id AND handled = :received
                """)
            .param("at", Timestamp.from(at))
            .param("id", id)
            .param("received", Handled.RECEIVED.column())
            .update() == 1;
    }

    /**
     * Payment rows at handled=0 without an alert under {@code alertKeyPrefix + id}:
     * stored before {@code alertBefore}, or without a payment state and last active
     * before {@code republishBefore}. Oldest id first, at most {@code limit}.
     */
    List<StuckRaw> stuckPayments(Instant alertBefore, Instant republishBefore, String alertKeyPrefix, int limit) {
        return jdbc
            .sql("""
                    SELECT r.id, r.tenant_id, r.merchant_id, r.out_trade_no, r.channel, r.channel_trade_no, r.created_at,
                           r.payment_state IS NULL AS state_missing
                      FROM pay_notify_raw r
                     WHERE r.handled = :received
                       AND (r.created_at < :alertBefore OR (r.payment_state IS NULL AND r.last_delivered_at < :republishBefore))
                       AND NOT EXISTS (SELECT 1 FROM ops_alert a WHERE a.alert_key = CONCAT(:prefix, r.id))
                     ORDER BY r.id LIMIT :limit
                    """)
            .param("received", Handled.RECEIVED.column())
            .param("alertBefore", Timestamp.from(alertBefore))
            .param("republishBefore", Timestamp.from(republishBefore))
            .param("prefix", alertKeyPrefix)
            .param("limit", limit)
            .query((rs, i) -> stuck(StuckRaw.Table.PAYMENTS, rs))
            .list();
    }

    /**
     * Refund rows at handled=0 stored before {@code alertBefore} without an alert under
     * {@code alertKeyPrefix + id}, oldest id first, at most {@code limit}.
     */
    List<StuckRaw> stuckRefunds(Instant alertBefore, String alertKeyPrefix, int limit) {
        return jdbc.sql("""
                SELECT r.id, r.tenant_id, r.merchant_id, r.out_trade_no, r.channel, r.channel_trade_no, r.created_at,
                       FALSE AS state_missing
                  FROM pay_refund_raw r
                 WHERE r.handled = :received AND r.created_at < :alertBefore
                   AND NOT EXISTS (SELECT 1 FROM ops_alert a WHERE a.alert_key = CONCAT(:prefix, r.id))
                 ORDER BY r.id LIMIT :limit
                """)
            .param("received", Handled.RECEIVED.column())
            .param("alertBefore", Timestamp.from(alertBefore))
            .param("prefix", alertKeyPrefix)
            .param("limit", limit)
            .query((rs, i) -> stuck(StuckRaw.Table.REFUNDS, rs))
            .list();
    }

    private static StuckRaw stuck(StuckRaw.Table table, ResultSet rs) throws SQLException {
        return new StuckRaw(table, rs.getLong("id"), rs.getString("tenant_id"), rs.getString("merchant_id"),
                rs.getString("out_trade_no"), rs.getString("channel"), rs.getString("channel_trade_no"),
                instant(rs, "created_at"), rs.getBoolean("state_missing"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp t = rs.getTimestamp(column);
        return t == null ? null : t.toInstant();
    }

}
