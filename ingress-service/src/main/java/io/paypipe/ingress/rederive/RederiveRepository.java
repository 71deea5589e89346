package io.paypipe.ingress.rederive;

import io.paypipe.ingress.rederive.StoredPayment.Derived;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code pay_notify_raw} as a re-derive reads and updates it. The only write to a raw row
 * is {@link #rederive}, guarded by the values the re-derive read.
 */
@Repository
class RederiveRepository {

    static final String TABLE = "pay_notify_raw";

    private final JdbcClient jdbc;

    RederiveRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Up to {@code limit} rows of {@code filter} with an id above {@code afterId}, by id.
     */
    List<StoredPayment> page(RederiveFilter filter, long afterId, int limit) {
        return jdbc.sql("""
                SELECT r.id, r.tenant_id, r.merchant_id, r.sp_merchant_id, r.channel, r.channel_trade_no,
                       r.out_trade_no, r.trade_state, r.payment_state, r.order_amount_minor, r.paid_amount_minor,
                       r.currency, r.paid_at, r.handled, r.outcome, r.source, r.created_at,
                       COALESCE(r.raw_body, a.raw_body) AS raw_body
                  FROM pay_notify_raw r
                  LEFT JOIN pay_notify_raw_archive a ON a.id = r.id
                 WHERE r.id > :afterId
                   AND (:channel IS NULL OR r.channel = :channel)
                   AND (:merchant IS NULL OR r.merchant_id = :merchant)
                   AND (:fromAt IS NULL OR r.created_at >= :fromAt)
                   AND (:toAt IS NULL OR r.created_at < :toAt)
                   AND (:handled IS NULL OR r.handled = :handled)
                   AND (:outcome IS NULL OR r.outcome = :outcome)
                   AND (:lastError IS NULL OR r.last_error LIKE :lastError)
                 ORDER BY r.id LIMIT :limit""")
            .param("afterId", afterId)
            .param("channel", filter.channel(), Types.VARCHAR)
            .param("merchant", filter.merchant(), Types.VARCHAR)
            .param("fromAt", timestamp(filter.from()), Types.TIMESTAMP)
            .param("toAt", timestamp(filter.to()), Types.TIMESTAMP)
            .param("handled", filter.handled(), Types.INTEGER)
            .param("outcome", filter.outcome(), Types.VARCHAR)
            .param("lastError", filter.lastErrorPattern(), Types.VARCHAR)
            .param("limit", limit)
            .query((rs, i) -> read(rs))
            .list();
    }

    /**
     * Writes {@code now}'s derived values and hands the row back to the pipeline
     * ({@code handled = 0}, {@code last_republished_at} now: the outbox publishes it
     * again if nothing settles it), only if the row still holds what the re-derive read;
     * false when it did not.
     */
    boolean rederive(StoredPayment row, Derived now, Instant at) {
        Derived was = row.derived();
        return jdbc.sql("""
                UPDATE pay_notify_raw
                   SET trade_state = :tradeState, payment_state = :paymentState,
                       order_amount_minor = :orderAmount, paid_amount_minor = :paidAmount, currency = :currency,
                       paid_at = :paidAt, handled = 0, last_republished_at = :at, updated_at = :at
                 WHERE id = :id AND handled = :wasHandled AND trade_state = :wasTradeState
                   AND payment_state <=> :wasPaymentState AND order_amount_minor = :wasOrderAmount
                   AND paid_amount_minor = :wasPaidAmount AND currency = :wasCurrency""")
            .param("tradeState", now.tradeState())
            .param("paymentState", now.paymentState())
            .param("orderAmount", now.orderAmountMinor())
            .param("paidAmount", now.paidAmountMinor())
            .param("currency", now.currency())
            .param("paidAt", timestamp(now.paidAt()), Types.TIMESTAMP)
            .param("at", Timestamp.from(at))
            .param("id", row.id())
            .param("wasHandled", row.handled())
            .param("wasTradeState", was.tradeState())
            .param("wasPaymentState", was.paymentState(), Types.VARCHAR)
            .param("wasOrderAmount", was.orderAmountMinor())
            .param("wasPaidAmount", was.paidAmountMinor())
            .param("wasCurrency", was.currency())
            .update() == 1;
    }

    private static StoredPayment read(ResultSet rs) throws SQLException {
        Derived derived = new Derived(rs.getString("trade_state"), rs.getString("payment_state"),
                rs.getLong("order_amount_minor"), rs.getLong("paid_amount_minor"), rs.getString("currency"),
                instant(rs.getTimestamp("paid_at")));
        return new StoredPayment(rs.getLong("id"), rs.getString("tenant_id"), rs.getString("merchant_id"),
                rs.getString("sp_merchant_id"), rs.getString("channel"), rs.getString("channel_trade_no"),
                rs.getString("out_trade_no"), derived, rs.getInt("handled"), rs.getString("outcome"),
                rs.getString("source"), instant(rs.getTimestamp("created_at")), rs.getString("raw_body"));
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }

    private static Timestamp timestamp(Instant at) {
        return at == null ? null : Timestamp.from(at);
    }

}
