package io.paypipe.auditor;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;

/**
 * Writes the rows and records the processor would write, one kind at a time, so a test
 * can seed a correct history and then exactly one kind of damage. Tenant {@code t},
 * merchant {@code m}, WeChat Pay, CNY; out_trade_no start with the history's prefix.
 */
final class History {

    record Order(long id, String outTradeNo, long fen) {
    }

    /**
     * A payment applied correctly: order PAID, transition, ledger row, raw row settled,
     * its order.paid record.
     */
    record Payment(Order order, String trade, long transitionId, long ledgerId, long rawId, String record) {
    }

    /** A refund as the refund service recorded it. */
    record Refund(long id, String refundNo, Order order, String trade, long fen, String channelRefundId) {
    }

    static final Duration OLD = Duration.ofHours(5);

    /** Older than the 8 h refund query budget. */
    static final Duration OLDER_THAN_REFUND_BUDGET = Duration.ofHours(9);

    private final JdbcClient jdbc;

    private final OrderPaidTopic topic;

    private final String prefix;

    private final AtomicInteger sequence = new AtomicInteger();

    History(JdbcClient jdbc, OrderPaidTopic topic, String prefix) {
        this.jdbc = jdbc;
        this.topic = topic;
        this.prefix = prefix;
    }

    String trade() {
        return "4200" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
    }

    Order order(String status, long fen) {
        String outTradeNo = prefix + String.format("%04d", sequence.incrementAndGet());
        var keys = new GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO orders (tenant_id, merchant_id, out_trade_no, channel, amount_minor, currency, status,
                    created_at, updated_at)
                VALUES ('t', 'm', :o, 'wechatpay', :fen, 'CNY', :status, :now, :now)""")
            .param("o", outTradeNo)
            .param("fen", fen)
            .param("status", status)
            .param("now", now())
            .update(keys, "id");
        return new Order(keys.getKeyAs(Number.class).longValue(), outTradeNo, fen);
    }

    Payment paid(long fen) {
        Payment payment = paidWithoutRecord(fen);
        return new Payment(payment.order(), payment.trade(), payment.transitionId(), payment.ledgerId(),
                payment.rawId(), publish(payment.order(), payment.trade(), fen));
    }

    /**
     * A payment applied correctly whose order.paid record was never published
     * ({@code record} is null).
     */
    Payment paidWithoutRecord(long fen) {
        Order order = order("PAID", fen);
        String trade = trade();
        jdbc.sql("UPDATE orders SET channel_trade_no = :trade, paid_amount_minor = :fen, paid_at = :now WHERE id = :id")
            .param("trade", trade)
            .param("fen", fen)
            .param("now", now())
            .param("id", order.id())
            .update();
        long transition = transition(order.id(), trade);
        long ledger = ledger(order.id(), trade, fen, Instant.now());
        long raw = raw(order, trade, fen, 1, "APPLIED", Instant.now(), Instant.now());
        return new Payment(order, trade, transition, ledger, raw, null);
    }

    long transition(long orderId, String trade) {
        return insert("""
                INSERT INTO order_transition (order_id, event, credential, from_status, to_status, created_at)
                VALUES (:orderId, 'PAYMENT_SUCCEEDED', :trade, 'PENDING', 'PAID', :now)""", "orderId", orderId, "trade",
                trade, "now", now());
    }

    long ledger(long orderId, String trade, long fen, Instant createdAt) {
        return insert(
                """
                        INSERT INTO payment_ledger (order_id, tenant_id, merchant_id, channel, channel_trade_no, order_amount_minor,
                            paid_amount_minor, currency, event_id, paid_at, created_at)
                        VALUES (:orderId, 't', 'm', 'wechatpay', :trade, :fen, :fen, 'CNY', :eventId, :at, :at)""",
                "orderId", orderId, "trade", trade, "fen", fen, "eventId", eventId(trade), "at",
                Timestamp.from(createdAt));
    }

    /**
     * A raw notification of {@code order} by {@code trade}; {@code lastDelivered} may be
     * null (rows before V5).
     */
    long raw(Order order, String trade, long fen, int handled, String outcome, Instant created, Instant lastDelivered) {
        return insert(
                """
                        INSERT INTO pay_notify_raw (tenant_id, merchant_id, channel, channel_trade_no, out_trade_no, trade_state,
                            order_amount_minor, paid_amount_minor, currency, handled, outcome, raw_body, created_at, updated_at,
                            last_delivered_at)
                        VALUES ('t', 'm', 'wechatpay', :trade, :o, 'SUCCESS', :orderFen, :fen, 'CNY', :handled, :outcome, '{}',
                            :created, :created, :lastDelivered)""",
                "trade", trade, "o", order.outTradeNo(), "orderFen", order.fen(), "fen", fen, "handled", handled,
                "outcome", outcome, "created", Timestamp.from(created), "lastDelivered",
                lastDelivered == null ? null : Timestamp.from(lastDelivered));
    }

    long alert(long rawId, Order order, String trade, String kind) {
        return insert("""
                INSERT INTO ops_alert (alert_key, kind, severity, tenant_id, merchant_id, out_trade_no, channel,
                    channel_trade_no, raw_id, message, event_id, created_at)
                VALUES (:key, :kind, 'ERROR', 't', 'm', :o, 'wechatpay', :trade, :rawId, 'seeded', :eventId, :now)""",
                "key", kind + ":" + rawId, "kind", kind, "o", order.outTradeNo(), "trade", trade, "rawId", rawId,
                "eventId", UUID.randomUUID().toString(), "now", now());
    }

    long refundTask(Order order, String trade, long rawId, String reason, long fen) {
        return insert("""
                INSERT INTO refund_task (tenant_id, order_id, merchant_id, channel, channel_trade_no, raw_id, reason,
                    amount_minor, currency, status, event_id, created_at, updated_at)
                VALUES ('t', :orderId, 'm', 'wechatpay', :trade, :rawId, :reason, :fen, 'CNY', 'PENDING', :eventId,
                    :now, :now)""", "orderId", order.id(), "trade", trade, "rawId", rawId, "reason", reason, "fen", fen,
                "eventId", UUID.randomUUID().toString(), "now", now());
    }

    /**
     * A refund as the refund service records it, made now; a SUCCESS one with a channel
     * refund id of its own.
     */
    Refund refund(Order order, String trade, long fen, String status) {
        return refund(order, trade, fen, status, Instant.now(),
                status.equals("SUCCESS") ? "5030" + UUID.randomUUID().toString().substring(0, 20) : null);
    }

    /** A refund of merchant {@code m} in CNY, made at {@code created}. */
    Refund refund(Order order, String trade, long fen, String status, Instant created, String channelRefundId) {
        String refundNo = "R" + UUID.randomUUID().toString().substring(0, 20);
        long id = insert(
                """
                        INSERT INTO refund (refund_no, tenant_id, merchant_id, out_trade_no, order_id, channel, channel_trade_no,
                            amount_minor, currency, status, source, channel_refund_id, created_at, updated_at)
                        VALUES (:no, 't', 'm', :o, :orderId, 'wechatpay', :trade, :fen, 'CNY', :status, 'API', :channelRefundId,
                            :created, :created)""",
                "no", refundNo, "o", order.outTradeNo(), "orderId", order.id(), "trade", trade, "fen", fen, "status",
                status, "channelRefundId", channelRefundId, "created", Timestamp.from(created));
        return new Refund(id, refundNo, order, trade, fen, channelRefundId);
    }

    /**
     * A refund notice as ingress stores it: {@code refundNo} null for one that names no
     * refund number (then {@code key} stands for it), the amounts null when not said.
     */
    long refundRaw(String merchantId, String outTradeNo, String trade, String refundNo, String key,
            String channelRefundId, String state, Long refundFen, Long refundedTotalFen) {
        return insert("""
                INSERT INTO pay_refund_raw (tenant_id, merchant_id, channel, refund_no, refund_key, channel_refund_id,
                    channel_trade_no, out_trade_no, refund_state, refund_amount_minor, refunded_total_minor, currency,
                    handled, raw_body, created_at, updated_at, last_delivered_at)
                VALUES ('t', :merchant, 'wechatpay', :no, :key, :channelRefundId, :trade, :o, :state, :fen, :total,
                    'CNY', 1, '{}', :now, :now, :now)""", "merchant", merchantId, "no", refundNo, "key", key,
                "channelRefundId", channelRefundId, "trade", trade, "o", outTradeNo, "state", state, "fen", refundFen,
                "total", refundedTotalFen, "now", now());
    }

    /** The notice of {@code refund} in {@code state}, saying its own amount and id. */
    long refundRaw(Refund refund, String state) {
        return refundRaw("m", refund.order().outTradeNo(), refund.trade(), refund.refundNo(), refund.refundNo(),
                refund.channelRefundId(), state, refund.fen(), null);
    }

    /**
     * An alert of {@code kind} (a REFUND_* one) of {@code merchantId} naming a refund.
     */
    long refundAlert(String merchantId, Refund refund, String kind) {
        return insert("""
                INSERT INTO ops_alert (alert_key, kind, severity, tenant_id, merchant_id, out_trade_no, channel,
                    channel_trade_no, message, event_id, created_at)
                VALUES (:key, :kind, 'ERROR', 't', :merchant, :o, 'wechatpay', :trade, :message, :eventId, :now)""",
                "key", kind + ":" + merchantId + ":" + refund.refundNo(), "kind", kind, "merchant", merchantId, "o",
                refund.order().outTradeNo(), "trade", refund.trade(), "message",
                "refund " + refund.refundNo() + " needs a person", "eventId", UUID.randomUUID().toString(), "now",
                now());
    }

    void status(Order order, String status) {
        jdbc.sql("UPDATE orders SET status = :status WHERE id = :id")
            .param("status", status)
            .param("id", order.id())
            .update();
    }

    /**
     * The order.paid record the processor publishes for a payment; answers where it
     * landed.
     */
    String publish(Order order, String trade, long fen) {
        return topic.publish(orderPaid(order, trade, fen));
    }

    static OrderPaid orderPaid(Order order, String trade, long fen) {
        return new OrderPaid(OrderPaid.idFor(Channel.WECHATPAY, ChannelTradeNo.of(trade)), OrderId.of(order.id()),
                new OrderKey(TenantId.of("t"), MerchantId.of("m"), OutTradeNo.of(order.outTradeNo())),
                Channel.WECHATPAY, ChannelTradeNo.of(trade), Money.of(order.fen(), "CNY"), Money.of(fen, "CNY"),
                Instant.now());
    }

    static String eventId(String trade) {
        return OrderPaid.idFor(Channel.WECHATPAY, ChannelTradeNo.of(trade)).value();
    }

    /** Runs one INSERT with named parameters; answers the new row's id. */
    long insert(String sql, Object... namesAndValues) {
        var statement = jdbc.sql(sql);
        for (int i = 0; i < namesAndValues.length; i += 2) {
            statement = statement.param((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        var keys = new GeneratedKeyHolder();
        statement.update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    private static Timestamp now() {
        return Timestamp.from(Instant.now());
    }

}
