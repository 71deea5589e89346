package io.paypipe.reconcile.raw;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;

/**
 * {@code pay_notify_raw} rows the active query stores: the same row a callback makes
 * (same unique key {@code (merchant_id, channel, channel_trade_no)}), with source
 * {@code QUERY}, in one autocommit INSERT, never in a transaction and never INSERT IGNORE
 * / ON DUPLICATE KEY. A duplicate key means the trade is stored already (the callback
 * came first, or an earlier query): that row is read and used.
 */
@Repository
public class RawPayments {

    /** What a store found. */
    public sealed interface Stored {

        RawPayment row();

        /** This call stored the row. */
        record Created(RawPayment row) implements Stored {
        }

        /** The trade was stored before (by a callback or an earlier query). */
        record Existing(RawPayment row) implements Stored {
        }

    }

    private final JdbcClient jdbc;

    RawPayments(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public Stored store(FoundPayment p, Instant now) {
        try {
            return new Stored.Created(byId(insert(p, now)));
        }
        catch (DuplicateKeyException stored) {
            return new Stored.Existing(byTrade(p.orderKey().merchantId(), p.channel(), p.tradeNo()));
        }
    }

    private long insert(FoundPayment p, Instant now) {
        KeyHolder keys = new GeneratedKeyHolder();
        Timestamp at = Timestamp.from(now);
        jdbc.sql("""
                INSERT INTO pay_notify_raw (tenant_id, merchant_id, sp_merchant_id, channel, channel_trade_no,
                    out_trade_no, notify_id, source, trade_state, payment_state, order_amount_minor, paid_amount_minor,
                    paid_at, currency, handled, attempts, raw_body, created_at, updated_at, last_delivered_at)
                VALUES (:tenantId, :merchantId, :spMerchantId, :channel, :tradeNo, :outTradeNo, NULL, 'QUERY',
                    :tradeState, :paymentState, :orderAmount, :paidAmount, :paidAt, :currency, 0, 0, :rawBody, :at,
                    :at, :at)
                """)
            .param("tenantId", p.orderKey().tenantId().value())
            .param("merchantId", p.orderKey().merchantId().value())
            .param("spMerchantId", p.spMerchantId().map(MerchantId::value).orElse(null))
            .param("channel", p.channel().code())
            .param("tradeNo", p.tradeNo().value())
            .param("outTradeNo", p.orderKey().outTradeNo().value())
            .param("tradeState", p.channelState())
            .param("paymentState", p.state().name())
            .param("orderAmount", p.orderAmount().minor())
            .param("paidAmount", p.paidAmount().minor())
            .param("paidAt", p.paidAt().map(Timestamp::from).orElse(null))
            .param("currency", p.orderAmount().currency())
            .param("rawBody", p.body())
            .param("at", at)
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    private RawPayment byId(long id) {
        return jdbc.sql("SELECT " + RawPayment.COLUMNS + " FROM pay_notify_raw WHERE id = :id")
            .param("id", id)
            .query((rs, i) -> RawPayment.read(rs))
            .single();
    }

    private RawPayment byTrade(MerchantId merchant, Channel channel, ChannelTradeNo tradeNo) {
        return jdbc
            .sql("SELECT " + RawPayment.COLUMNS
                    + " FROM pay_notify_raw WHERE merchant_id = :merchant AND channel = :channel"
                    + " AND channel_trade_no = :tradeNo")
            .param("merchant", merchant.value())
            .param("channel", channel.code())
            .param("tradeNo", tradeNo.value())
            .query((rs, i) -> RawPayment.read(rs))
            .single();
    }

}
