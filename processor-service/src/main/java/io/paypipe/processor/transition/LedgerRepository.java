package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderId;
import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL on {@code payment_ledger}: rows are only ever inserted. */
@Repository
class LedgerRepository {

    private final JdbcClient jdbc;

    LedgerRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(OrderId orderId, PaymentNotified n, EventId eventId, Instant paidAt, Instant now) {
        jdbc.sql(
                """
                        INSERT INTO payment_ledger (order_id, tenant_id, merchant_id, channel, channel_trade_no, raw_id,
                                                    order_amount_minor, paid_amount_minor, currency, event_id, paid_at, created_at)
                        VALUES (:orderId, :tenant, :merchant, :channel, :tradeNo, :rawId, :orderAmount, :paidAmount, :currency,
                                :eventId, :paidAt, :now)
                        """)
            .param("orderId", orderId.value())
            .param("tenant", n.orderKey().tenantId().value())
            .param("merchant", n.orderKey().merchantId().value())
            .param("channel", n.channel().code())
            .param("tradeNo", n.channelTradeNo().value())
            .param("rawId", n.rawId())
            .param("orderAmount", n.orderAmount().minor())
            .param("paidAmount", n.paidAmount().minor())
            .param("currency", n.paidAmount().currency())
            .param("eventId", eventId.value())
            .param("paidAt", Timestamp.from(paidAt))
            .param("now", Timestamp.from(now))
            .update();
    }

}
