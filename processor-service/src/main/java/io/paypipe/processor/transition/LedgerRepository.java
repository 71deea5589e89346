package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderId;
import io.paypipe.support.jdbc.MultiRow;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * SQL on {@code payment_ledger}: rows are only ever inserted, one by one or, by the batch
 * path, a whole batch's in one statement.
 */
@Repository
class LedgerRepository {

    private final JdbcClient jdbc;

    LedgerRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A ledger row of {@link #insertAll}. */
    record Entry(OrderId orderId, PaymentNotified n, EventId eventId, Instant paidAt) {
    }

    /** Every entry in one multi-row INSERT; the number of rows inserted. */
    int insertAll(List<Entry> entries, Instant now) {
        var rows = new MultiRow("orderId", "tenant", "merchant", "channel", "tradeNo", "rawId", "orderAmount",
                "paidAmount", "currency", "eventId", "paidAt", "now");
        for (Entry e : entries) {
            PaymentNotified n = e.n();
            rows.add(e.orderId().value(), n.orderKey().tenantId().value(), n.orderKey().merchantId().value(),
                    n.channel().code(), n.channelTradeNo().value(), n.rawId(), n.orderAmount().minor(),
                    n.paidAmount().minor(), n.paidAmount().currency(), e.eventId().value(), Timestamp.from(e.paidAt()),
                    Timestamp.from(now));
        }
        return jdbc
            .sql("""
                    INSERT INTO payment_ledger (order_id, tenant_id, merchant_id, channel, channel_trade_no, raw_id,
                                                order_amount_minor, paid_amount_minor, currency, event_id, paid_at, created_at)
                    VALUES
                    """
                    + rows.values())
            .params(rows.params())
            .update();
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
