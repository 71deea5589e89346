package io.paypipe.refund.support;

import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.event.RefundState;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.core.topic.Topics;
import io.paypipe.refund.support.PaidOrders.Paid;
import io.paypipe.support.testing.TopicWriter;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;

/**
 * Refund notifications as ingress leaves them: a {@code pay_refund_raw} row (one per
 * status change of a refund) and its {@code RefundNotified} on {@code refund.notify} with
 * the raw-id header.
 */
public final class Notices {

    private final JdbcClient jdbc;

    private final TopicWriter topics;

    public Notices(JdbcClient jdbc, TopicWriter topics) {
        this.jdbc = jdbc;
        this.topics = topics;
    }

    /**
     * A notice of {@code order}'s payment (or of {@code tradeNo}); {@code refundNo} null
     * for a refund made outside the product; amounts null when the channel does not say
     * them.
     */
    public RefundNotified store(Paid order, ChannelTradeNo tradeNo, String refundNo, String channelRefundId,
            RefundState state, String channelState, Long refundAmount, Long refundedTotal) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        String refundKey = refundNo != null ? refundNo
                : channelRefundId != null ? "channel:" + channelRefundId : "trade:" + tradeNo + ":" + refundedTotal;
        var keys = new GeneratedKeyHolder();
        jdbc.sql(
                """
                        INSERT INTO pay_refund_raw (tenant_id, merchant_id, channel, refund_no, refund_key, channel_refund_id,
                               channel_trade_no, out_trade_no, refund_state, refund_amount_minor, refunded_total_minor, currency,
                               handled, raw_body, created_at, updated_at, last_delivered_at)
                        VALUES (:tenant, :merchant, :channel, :no, :key, :refundId, :tradeNo, :outTradeNo, :state, :amount,
                                :total, 'CNY', 0, '{}', :now, :now, :now)
                        """)
            .param("tenant", order.key().tenantId().value())
            .param("merchant", order.key().merchantId().value())
            .param("channel", order.channel().code())
            .param("no", refundNo)
            .param("key", refundKey)
            .param("refundId", channelRefundId)
            .param("tradeNo", tradeNo.value())
            .param("outTradeNo", order.key().outTradeNo().value())
            .param("state", channelState)
            .param("amount", refundAmount)
            .param("total", refundedTotal)
            .param("now", Timestamp.from(now))
            .update(keys, "id");
        long rawId = keys.getKey().longValue();
        return new RefundNotified(RefundNotified.idFor(rawId), rawId, order.channel(), order.key(), null, refundNo,
                channelRefundId, tradeNo, state, channelState,
                refundAmount == null ? null : Money.of(refundAmount, "CNY"),
                refundedTotal == null ? null : Money.of(refundedTotal, "CNY"),
                state == RefundState.SUCCEEDED ? now : null, now);
    }

    /**
     * Publishes {@code n} as ingress does: keyed by its order, with the raw-id header.
     */
    public void publish(RefundNotified n) {
        topics.sendBytes(Topics.REFUND_NOTIFY.name(), n.orderKey().kafkaKey(),
                io.paypipe.core.topic.Json.MAPPER.writeValueAsBytes(n),
                Map.of(NotifyHeaders.RAW_ID, NotifyHeaders.rawIdValue(n.rawId())));
    }

}
