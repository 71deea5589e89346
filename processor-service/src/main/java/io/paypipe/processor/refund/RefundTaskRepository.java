package io.paypipe.processor.refund;

import io.paypipe.core.event.RefundTaskCreated;
import java.sql.Timestamp;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code refund_task}: plain INSERT on {@code (tenant_id, order_id, channel_trade_no)}; a
 * duplicate key means the task exists already. Never check-then-insert: two threads would
 * both find none and refund twice.
 */
@Repository
public class RefundTaskRepository {

    public static final String PENDING = "PENDING";

    private final JdbcClient jdbc;

    RefundTaskRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** True when this call created the task, false when it existed. */
    public boolean create(RefundTaskCreated t) {
        try {
            jdbc.sql(
                    """
                            INSERT INTO refund_task (tenant_id, order_id, merchant_id, channel, channel_trade_no, raw_id, reason,
                                                     amount_minor, currency, status, event_id, created_at, updated_at)
                            VALUES (:tenant, :orderId, :merchant, :channel, :tradeNo, :rawId, :reason, :amount, :currency,
                                    :status, :eventId, :at, :at)
                            """)
                .param("tenant", t.orderKey().tenantId().value())
                .param("orderId", t.orderId().value())
                .param("merchant", t.orderKey().merchantId().value())
                .param("channel", t.channel().code())
                .param("tradeNo", t.channelTradeNo().value())
                .param("rawId", t.rawId())
                .param("reason", t.reason().name())
                .param("amount", t.amount().minor())
                .param("currency", t.amount().currency())
                .param("status", PENDING)
                .param("eventId", t.eventId().value())
                .param("at", Timestamp.from(t.createdAt()))
                .update();
            return true;
        }
        catch (DuplicateKeyException exists) {
            return false;
        }
    }

}
