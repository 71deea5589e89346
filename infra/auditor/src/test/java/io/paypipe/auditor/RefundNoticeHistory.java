package io.paypipe.auditor;

import io.paypipe.auditor.History.Order;
import io.paypipe.auditor.History.Refund;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;

/**
 * What refund-service does with raw refund notices, one kind of row at a time, on
 * {@link History}'s database: raw rows at a given {@code handled} and delivery time, its
 * alert about a row it set aside ({@code <kind>:refund-notice:<raw id>}), the refund
 * transitions a notice caused, refunds made outside the product (source CHANNEL).
 * Merchant {@code m}, WeChat Pay, CNY, as History.
 */
final class RefundNoticeHistory {

    private final History history;

    RefundNoticeHistory(History history) {
        this.history = history;
    }

    /**
     * The notice of {@code refund} in {@code state}, saying its own amount and id, at
     * {@code handled}, first received at {@code created}, last delivered at
     * {@code lastDelivered} (null: a row from before V5).
     */
    long raw(Refund refund, String state, int handled, Instant created, Instant lastDelivered) {
        return history.insert("""
                INSERT INTO pay_refund_raw (tenant_id, merchant_id, channel, refund_no, refund_key, channel_refund_id,
                    channel_trade_no, out_trade_no, refund_state, refund_amount_minor, currency, handled, raw_body,
                    created_at, updated_at, last_delivered_at)
                VALUES ('t', 'm', 'wechatpay', :no, :no, :channelRefundId, :trade, :o, :state, :fen, 'CNY', :handled,
                    '{}', :created, :created, :lastDelivered)""", "no", refund.refundNo(), "channelRefundId",
                refund.channelRefundId(), "trade", refund.trade(), "o", refund.order().outTradeNo(), "state", state,
                "fen", refund.fen(), "handled", handled, "created", Timestamp.from(created), "lastDelivered",
                lastDelivered == null ? null : Timestamp.from(lastDelivered));
    }

    /** A notice of {@code refund} received now, at {@code handled}. */
    long raw(Refund refund, String state, int handled) {
        return raw(refund, state, handled, Instant.now(), Instant.now());
    }

    /**
     * refund-service's alert of {@code kind} about raw refund row {@code rawId} (of
     * {@code refund}), keyed and stamped as it raises them.
     */
    long alert(long rawId, Refund refund, String kind) {
        return alert(kind + ":refund-notice:" + rawId, kind, rawId, refund);
    }

    /** An alert with any key and {@code raw_id}, about {@code refund}'s order. */
    long alert(String key, String kind, Long rawId, Refund refund) {
        return history.insert("""
                INSERT INTO ops_alert (alert_key, kind, severity, tenant_id, merchant_id, out_trade_no, channel,
                    channel_trade_no, raw_id, message, event_id, created_at)
                VALUES (:key, :kind, 'ERROR', 't', 'm', :o, 'wechatpay', :trade, :rawId, 'seeded', :eventId, NOW(3))""",
                "key", key, "kind", kind, "o", refund.order().outTradeNo(), "trade", refund.trade(), "rawId", rawId,
                "eventId", UUID.randomUUID().toString());
    }

    /** A status change of {@code refund}, caused by {@code cause} (raw row: NOTIFY). */
    long transition(Refund refund, String from, String to, String cause, Long rawId) {
        return history.insert("""
                INSERT INTO refund_transition (refund_id, from_status, to_status, cause, raw_id, created_at)
                VALUES (:refundId, :from, :to, :cause, :rawId, NOW(3))""", "refundId", refund.id(), "from", from, "to",
                to, "cause", cause, "rawId", rawId);
    }

    /**
     * A SUCCESS refund made outside the product (the merchant's dashboard), recorded from
     * its notice under a number derived from the channel's refund id.
     */
    Refund channelRefund(Order order, String trade, long fen) {
        String channelRefundId = "5030" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
        String refundNo = "CH_" + channelRefundId;
        long id = history.insert(
                """
                        INSERT INTO refund (refund_no, tenant_id, merchant_id, out_trade_no, order_id, channel, channel_trade_no,
                            amount_minor, currency, status, source, channel_refund_id, created_at, updated_at)
                        VALUES (:no, 't', 'm', :o, :orderId, 'wechatpay', :trade, :fen, 'CNY', 'SUCCESS', 'CHANNEL',
                            :channelRefundId, NOW(3), NOW(3))""",
                "no", refundNo, "o", order.outTradeNo(), "orderId", order.id(), "trade", trade, "fen", fen,
                "channelRefundId", channelRefundId);
        return new Refund(id, refundNo, order, trade, fen, channelRefundId);
    }

}
