package io.paypipe.ingress.intake;

import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;

/**
 * {@code pay_notify_raw}. Deliberately not transactional: the reservation is one
 * autocommit INSERT on the unique key {@code (merchant_id, channel, channel_trade_no)},
 * so a concurrent duplicate waits for a single-row insert at most and then gets the
 * duplicate-key error, never a check-then-insert race. No INSERT IGNORE / ON DUPLICATE
 * KEY: those would hide truncation and type errors. The row keeps everything its
 * {@code PaymentNotified} carries ({@code payment_state}, {@code paid_at} with the rest),
 * so reconcile-service can publish a row still unsettled again as the same event (the raw
 * table is the outbox); {@code receivedAt} is {@code created_at}.
 */
@Repository
class PaymentRawRepository implements RawTable<VerifiedPayment> {

    private final JdbcClient jdbc;

    PaymentRawRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public Reservation reserve(VerifiedPayment n, Instant now) {
        try {
            return new Reservation.Created(insert(n, now));
        }
        catch (DuplicateKeyException duplicate) {
            return new Reservation.Existing(
                    findByTradeKey(n.orderKey().merchantId().value(), n.channel().code(), n.channelTradeNo().value()));
        }
    }

    private long insert(VerifiedPayment n, Instant now) {
        KeyHolder keys = new GeneratedKeyHolder();
        Timestamp at = Timestamp.from(now);
        jdbc.sql("""
                INSERT INTO pay_notify_raw (tenant_id, merchant_id, sp_merchant_id, channel, channel_trade_no,
                    out_trade_no, notify_id, trade_state, payment_state, order_amount_minor, paid_amount_minor,
                    paid_at, currency, handled, attempts, raw_body, created_at, updated_at, last_delivered_at)
                VALUES (:tenantId, :merchantId, :spMerchantId, :channel, :channelTradeNo,
                    :outTradeNo, :notifyId, :tradeState, :paymentState, :orderAmount, :paidAmount,
                    :paidAt, :currency, 0, 0, :rawBody, :createdAt, :updatedAt, :createdAt)
                """)
            .param("tenantId", n.orderKey().tenantId().value())
            .param("merchantId", n.orderKey().merchantId().value())
            .param("spMerchantId", n.spMerchantId() == null ? null : n.spMerchantId().value())
            .param("channel", n.channel().code())
            .param("channelTradeNo", n.channelTradeNo().value())
            .param("outTradeNo", n.orderKey().outTradeNo().value())
            .param("notifyId", n.notifyId())
            .param("tradeState", n.channelState())
            .param("paymentState", n.state().name())
            .param("orderAmount", n.orderAmount().minor())
            .param("paidAmount", n.paidAmount().minor())
            .param("paidAt", n.paidAt() == null ? null : Timestamp.from(n.paidAt()))
            .param("currency", n.orderAmount().currency())
            .param("rawBody", n.rawBody())
            .param("createdAt", at)
            .param("updatedAt", at)
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    @Override
    public void markDelivered(long id, Instant at) {
        jdbc.sql("""
                UPDATE pay_notify_raw SET last_delivered_at = GREATEST(COALESCE(last_delivered_at, :at), :at)
                WHERE id = :id
                """).param("at", Timestamp.from(at)).param("id", id).update();
    }

    /**
     * The row of a channel trade number; fails (DataAccessException) if there is none.
     */
    RawRow findByTradeKey(String merchantId, String channel, String channelTradeNo) {
        return jdbc.sql("""
                SELECT id, trade_state, handled FROM pay_notify_raw
                WHERE merchant_id = :merchantId AND channel = :channel AND channel_trade_no = :channelTradeNo
                """)
            .param("merchantId", merchantId)
            .param("channel", channel)
            .param("channelTradeNo", channelTradeNo)
            .query((rs, i) -> new RawRow(rs.getLong("id"), rs.getString("trade_state"), rs.getInt("handled")))
            .single();
    }

}
