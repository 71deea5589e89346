package io.paypipe.reconcile.support;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Fixture rows written the way ingress, the processor and the active query write them,
 * dated as a test needs, and read back.
 */
public final class Rows {

    public static final String TENANT = "shop-r";

    private final JdbcClient jdbc;

    private final TransactionTemplate tx;

    public Rows(JdbcClient jdbc, TransactionTemplate tx) {
        this.jdbc = jdbc;
        this.tx = tx;
    }

    /** A merchant id no other test uses. */
    public static String newMerchant() {
        return "M" + UUID.randomUUID().toString().replace("-", "").substring(0, 15);
    }

    public static String newOutTradeNo() {
        return "O-" + UUID.randomUUID();
    }

    /**
     * Now, as the database keeps it: Connector/J sends whole seconds to MariaDB (it reads
     * the server's version as 5.5.5), whatever DATETIME(3) could hold.
     */
    public static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS);
    }

    /**
     * A {@code pay_notify_raw} row as ingress stores it: a WeChat payment of 100.10 CNY
     * (100.00 received) paid at {@code storedAt - 1s}, handled=0, stored and last
     * delivered at {@code storedAt}.
     */
    public record PaymentRaw(String merchant, String outTradeNo, String tradeNo, String paymentState, Instant paidAt,
            int handled, Instant createdAt, Instant lastDeliveredAt, Instant updatedAt) {

        public static PaymentRaw unsettled(String merchant, Instant storedAt) {
            return new PaymentRaw(merchant, newOutTradeNo(), "T" + UUID.randomUUID().toString().substring(0, 28),
                    "SUCCEEDED", storedAt.minusSeconds(1), 0, storedAt, storedAt, storedAt);
        }

        /** Stored before V10: no payment state, no paid_at. */
        public PaymentRaw withoutState() {
            return new PaymentRaw(merchant, outTradeNo, tradeNo, null, null, handled, createdAt, lastDeliveredAt,
                    updatedAt);
        }

        /** Delivered again by the channel at {@code at}. */
        public PaymentRaw deliveredAgainAt(Instant at) {
            return new PaymentRaw(merchant, outTradeNo, tradeNo, paymentState, paidAt, handled, createdAt, at,
                    updatedAt);
        }

        /** Settled by the processor ({@code handled} 1 or 2) at {@code at}. */
        public PaymentRaw settled(int handled, Instant at) {
            return new PaymentRaw(merchant, outTradeNo, tradeNo, paymentState, paidAt, handled, createdAt,
                    lastDeliveredAt, at);
        }

        public String kafkaKey() {
            return TENANT + "|" + merchant + "|" + outTradeNo;
        }

    }

    public long insert(PaymentRaw r) {
        KeyHolder keys = new GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO pay_notify_raw (tenant_id, merchant_id, sp_merchant_id, channel, channel_trade_no,
                    out_trade_no, notify_id, trade_state, payment_state, order_amount_minor, paid_amount_minor, paid_at,
                    currency, handled, attempts, raw_body, created_at, updated_at, last_delivered_at)
                VALUES (:tenant, :merchant, NULL, 'wechatpay', :tradeNo, :out, NULL, 'SUCCESS', :state, 10010, 10000,
                    :paidAt, 'CNY', :handled, 0, '{"secret":"payer"}', :createdAt, :updatedAt, :lastDeliveredAt)
                """)
            .param("tenant", TENANT)
            .param("merchant", r.merchant())
            .param("tradeNo", r.tradeNo())
            .param("out", r.outTradeNo())
            .param("state", r.paymentState())
            .param("paidAt", ts(r.paidAt()))
            .param("handled", r.handled())
            .param("createdAt", ts(r.createdAt()))
            .param("updatedAt", ts(r.updatedAt()))
            .param("lastDeliveredAt", ts(r.lastDeliveredAt()))
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    /** The rows in one transaction: a sweep sees all of them or none. */
    public List<Long> insertAtOnce(List<PaymentRaw> all) {
        return tx.execute(status -> all.stream().map(this::insert).toList());
    }

    /**
     * A {@code pay_refund_raw} row: a SUCCESS notice of a 5.00 CNY refund, stored at
     * {@code storedAt}, settled ({@code handled}) at {@code updatedAt};
     * {@code outTradeNo} may be null.
     */
    public long refundRaw(String merchant, String outTradeNo, int handled, Instant storedAt, Instant updatedAt) {
        String refundNo = "RF-" + UUID.randomUUID().toString().substring(0, 20);
        KeyHolder keys = new GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO pay_refund_raw (tenant_id, merchant_id, channel, refund_no, refund_key, channel_trade_no,
                    out_trade_no, refund_state, refund_amount_minor, currency, handled, attempts, raw_body, created_at,
                    updated_at, last_delivered_at)
                VALUES (:tenant, :merchant, 'wechatpay', :refundNo, :refundNo, :tradeNo, :out, 'SUCCESS', 500, 'CNY',
                    :handled, 0, '{}', :createdAt, :updatedAt, :createdAt)
                """)
            .param("tenant", TENANT)
            .param("merchant", merchant)
            .param("refundNo", refundNo)
            .param("tradeNo", "T" + refundNo)
            .param("out", outTradeNo)
            .param("handled", handled)
            .param("createdAt", ts(storedAt))
            .param("updatedAt", ts(updatedAt))
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    /**
     * An order of the merchant's order system, in {@code status}, created at {@code at}.
     */
    public long order(String merchant, String outTradeNo, String status, Instant at) {
        KeyHolder keys = new GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO orders (tenant_id, merchant_id, out_trade_no, channel, amount_minor, currency, status,
                    created_at, updated_at)
                VALUES (:tenant, :merchant, :out, 'alipay', 2000, 'CNY', :status, :at, :at)
                """)
            .param("tenant", TENANT)
            .param("merchant", merchant)
            .param("out", outTradeNo)
            .param("status", status)
            .param("at", ts(at))
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    /**
     * The query chain of order {@code orderId} in {@code state}, started at {@code at}.
     */
    public void paymentQuery(long orderId, String merchant, String outTradeNo, String state, Instant at) {
        jdbc.sql("""
                INSERT INTO payment_query (order_id, tenant_id, merchant_id, out_trade_no, channel, reason, attempt,
                    state, next_due_at, expires_at, created_at, updated_at)
                VALUES (:orderId, :tenant, :merchant, :out, 'alipay', 'ORDER_CREATED', 1, :state, :at, :expires, :at,
                    :at)
                """)
            .param("orderId", orderId)
            .param("tenant", TENANT)
            .param("merchant", merchant)
            .param("out", outTradeNo)
            .param("state", state)
            .param("at", ts(at))
            .param("expires", ts(at.plusSeconds(7200)))
            .update();
    }

    /** {@code last_republished_at} of a payment raw row, null if never. */
    public Instant lastRepublishedAt(long rawId) {
        return jdbc.sql("SELECT last_republished_at FROM pay_notify_raw WHERE id = :id")
            .param("id", rawId)
            .query((rs, i) -> Optional.ofNullable(rs.getTimestamp(1)).map(Timestamp::toInstant))
            .single()
            .orElse(null);
    }

    /**
     * The RAW_NOT_PUBLISHED alerts about raw row {@code rawId} of {@code noun} (payment,
     * refund-notice).
     */
    public long rawAlerts(String noun, long rawId) {
        return jdbc.sql("SELECT COUNT(*) FROM ops_alert WHERE kind = 'RAW_NOT_PUBLISHED' AND alert_key = :key")
            .param("key", "RAW_NOT_PUBLISHED:" + noun + ":" + rawId)
            .query(Long.class)
            .single();
    }

    /** The message of the RAW_NOT_PUBLISHED alert of a payment raw row. */
    public String paymentAlertMessage(long rawId) {
        return jdbc.sql("SELECT message FROM ops_alert WHERE alert_key = :key AND raw_id = :id")
            .param("key", "RAW_NOT_PUBLISHED:payment:" + rawId)
            .param("id", rawId)
            .query(String.class)
            .single();
    }

    private static Timestamp ts(Instant at) {
        return at == null ? null : Timestamp.from(at);
    }

}
