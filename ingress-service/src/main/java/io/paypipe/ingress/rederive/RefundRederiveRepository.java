package io.paypipe.ingress.rederive;

import io.paypipe.ingress.rederive.StoredRefund.Derived;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code pay_refund_raw} as a re-derive reads and updates it. The only write is
 * {@link #swap}, guarded by the values the re-derive read. The filter's {@code outcome}
 * is not a column of this table (the controller refuses it).
 */
@Repository
class RefundRederiveRepository {

    static final String TABLE = "pay_refund_raw";

    private final JdbcClient jdbc;

    RefundRederiveRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Up to {@code limit} rows of {@code filter} with an id above {@code afterId}, by id.
     */
    List<StoredRefund> page(RederiveFilter filter, long afterId, int limit) {
        return jdbc.sql("""
                SELECT r.id, r.tenant_id, r.merchant_id, r.sp_merchant_id, r.channel, r.refund_no, r.refund_key,
                       r.channel_refund_id, r.channel_trade_no, r.out_trade_no, r.refund_state, r.derived_state,
                       r.refund_amount_minor, r.refunded_total_minor, r.currency, r.handled, r.created_at,
                       COALESCE(r.raw_body, a.raw_body) AS raw_body
                  FROM pay_refund_raw r
                  LEFT JOIN pay_refund_raw_archive a ON a.id = r.id
                 WHERE r.id > :afterId
                   AND (:channel IS NULL OR r.channel = :channel)
                   AND (:merchant IS NULL OR r.merchant_id = :merchant)
                   AND (:fromAt IS NULL OR r.created_at >= :fromAt)
                   AND (:toAt IS NULL OR r.created_at < :toAt)
                   AND (:handled IS NULL OR r.handled = :handled)
                   AND (:lastError IS NULL OR r.last_error LIKE :lastError)
                 ORDER BY r.id LIMIT :limit""")
            .param("afterId", afterId)
            .param("channel", filter.channel(), Types.VARCHAR)
            .param("merchant", filter.merchant(), Types.VARCHAR)
            .param("fromAt", timestamp(filter.from()), Types.TIMESTAMP)
            .param("toAt", timestamp(filter.to()), Types.TIMESTAMP)
            .param("handled", filter.handled(), Types.INTEGER)
            .param("lastError", filter.lastErrorPattern(), Types.VARCHAR)
            .param("limit", limit)
            .query((rs, i) -> read(rs))
            .list();
    }

    /**
     * Row {@code id}'s derived values and {@code handled} from {@code from} and
     * {@code fromHandled} to {@code to} and {@code toHandled}, only if the row still
     * holds {@code from}; false when it did not. A re-derive hands a row back to
     * refund-service ({@code to} the new values, handled 0), and puts it back when its
     * event was not published.
     */
    boolean swap(long id, Derived from, int fromHandled, Derived to, int toHandled, Instant at) {
        return jdbc.sql("""
                UPDATE pay_refund_raw
                   SET derived_state = :state, channel_refund_id = :channelRefundId,
                       refund_amount_minor = :refund, refunded_total_minor = :refundedTotal, currency = :currency,
                       handled = :handled, updated_at = :at
                 WHERE id = :id AND handled = :wasHandled AND derived_state <=> :wasState
                   AND channel_refund_id <=> :wasChannelRefundId AND refund_amount_minor <=> :wasRefund
                   AND refunded_total_minor <=> :wasRefundedTotal AND currency = :wasCurrency""")
            .param("state", to.state(), Types.VARCHAR)
            .param("channelRefundId", to.channelRefundId(), Types.VARCHAR)
            .param("refund", to.refundMinor(), Types.BIGINT)
            .param("refundedTotal", to.refundedTotalMinor(), Types.BIGINT)
            .param("currency", to.currency())
            .param("handled", toHandled)
            .param("at", Timestamp.from(at))
            .param("id", id)
            .param("wasHandled", fromHandled)
            .param("wasState", from.state(), Types.VARCHAR)
            .param("wasChannelRefundId", from.channelRefundId(), Types.VARCHAR)
            .param("wasRefund", from.refundMinor(), Types.BIGINT)
            .param("wasRefundedTotal", from.refundedTotalMinor(), Types.BIGINT)
            .param("wasCurrency", from.currency())
            .update() == 1;
    }

    private static StoredRefund read(ResultSet rs) throws SQLException {
        Derived derived = new Derived(rs.getString("derived_state"), rs.getString("channel_refund_id"),
                rs.getObject("refund_amount_minor", Long.class), rs.getObject("refunded_total_minor", Long.class),
                rs.getString("currency"));
        return new StoredRefund(rs.getLong("id"), rs.getString("tenant_id"), rs.getString("merchant_id"),
                rs.getString("sp_merchant_id"), rs.getString("channel"), rs.getString("refund_no"),
                rs.getString("refund_key"), rs.getString("channel_trade_no"), rs.getString("out_trade_no"),
                rs.getString("refund_state"), derived, rs.getInt("handled"), rs.getTimestamp("created_at").toInstant(),
                rs.getString("raw_body"));
    }

    private static Timestamp timestamp(Instant at) {
        return at == null ? null : Timestamp.from(at);
    }

}
