package io.paypipe.ingress.intake;

import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;

/**
 * {@code pay_refund_raw}: reserved like {@code pay_notify_raw}, with one autocommit
 * INSERT on the unique key {@code (merchant_id, channel, refund_key, refund_state)}:
 * every status change of a refund is a row of its own (and an event id of its own), an
 * identical repeat finds the existing row, and a row of another merchant with the same
 * refund number is never found.
 */
@Repository
class RefundRawRepository implements RawTable<VerifiedRefund> {

    private final JdbcClient jdbc;

    RefundRawRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public Reservation reserve(VerifiedRefund r, Instant now) {
        try {
            return new Reservation.Created(insert(r, now));
        }
        catch (DuplicateKeyException duplicate) {
            return new Reservation.Existing(find(r));
        }
    }

    private long insert(VerifiedRefund r, Instant now) {
        KeyHolder keys = new GeneratedKeyHolder();
        Timestamp at = Timestamp.from(now);
        jdbc.sql("""
                INSERT INTO pay_refund_raw (tenant_id, merchant_id, sp_merchant_id, channel, refund_no, refund_key,
                    channel_refund_id, channel_trade_no, out_trade_no, notify_id, refund_state, derived_state,
                    refund_amount_minor, refunded_total_minor, currency, handled, attempts, raw_body,
                    created_at, updated_at, last_delivered_at)
                VALUES (:tenantId, :merchantId, :spMerchantId, :channel, :refundNo, :refundKey,
                    :channelRefundId, :channelTradeNo, :outTradeNo, :notifyId, :refundState, :derivedState,
                    :amount, :refundedTotal, :currency, 0, 0, :rawBody, :at, :at, :at)
                """)
            .param("tenantId", r.tenantId().value())
            .param("merchantId", r.merchantId().value())
            .param("spMerchantId", r.spMerchantId() == null ? null : r.spMerchantId().value())
            .param("channel", r.channel().code())
            .param("refundNo", r.refundNo())
            .param("refundKey", r.refundKey().value())
            .param("channelRefundId", r.channelRefundId())
            .param("channelTradeNo", r.channelTradeNo().value())
            .param("outTradeNo", r.outTradeNo() == null ? null : r.outTradeNo().value())
            .param("notifyId", r.notifyId())
            .param("refundState", r.channelState())
            .param("derivedState", r.state().name())
            .param("amount", r.refundAmount() == null ? null : r.refundAmount().minor())
            .param("refundedTotal", r.refundedTotal() == null ? null : r.refundedTotal().minor())
            .param("currency", r.amounts().currency())
            .param("rawBody", r.rawBody())
            .param("at", at)
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    @Override
    public void markDelivered(long id, Instant at) {
        jdbc.sql("""
                UPDATE pay_refund_raw SET last_delivered_at = GREATEST(COALESCE(last_delivered_at, :at), :at)
                WHERE id = :id
                """).param("at", Timestamp.from(at)).param("id", id).update();
    }

    /**
     * The row this merchant's earlier delivery of the same refund in the same state
     * inserted.
     */
    private RawRow find(VerifiedRefund r) {
        return jdbc.sql("""
                SELECT id, refund_state, handled FROM pay_refund_raw
                WHERE merchant_id = :merchantId AND channel = :channel AND refund_key = :refundKey
                  AND refund_state = :refundState
                """)
            .param("merchantId", r.merchantId().value())
            .param("channel", r.channel().code())
            .param("refundKey", r.refundKey().value())
            .param("refundState", r.channelState())
            .query((rs, i) -> new RawRow(rs.getLong("id"), rs.getString("refund_state"), rs.getInt("handled")))
            .single();
    }

}
