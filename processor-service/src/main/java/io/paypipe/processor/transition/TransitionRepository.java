package io.paypipe.processor.transition;

import io.paypipe.core.id.OrderId;
import io.paypipe.core.order.OrderEvent;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.support.jdbc.MultiRow;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * SQL on {@code order_transition}, the audit of every applied transition: one by one or,
 * by the batch path, a whole batch's in one statement.
 */
@Repository
class TransitionRepository {

    private final JdbcClient jdbc;

    TransitionRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** An audit row of {@link #insertAll}. */
    record Entry(OrderId orderId, OrderEvent event, String credential, OrderStatus from, OrderStatus to, long rawId) {
    }

    /** Every entry in one multi-row INSERT; the number of rows inserted. */
    int insertAll(List<Entry> entries, Instant now) {
        var rows = new MultiRow("orderId", "event", "credential", "from", "to", "rawId", "now");
        for (Entry e : entries) {
            rows.add(e.orderId().value(), e.event().name(), e.credential(), e.from().name(), e.to().name(), e.rawId(),
                    Timestamp.from(now));
        }
        return jdbc.sql("""
                INSERT INTO order_transition (order_id, event, credential, from_status, to_status, raw_id, created_at)
                VALUES
                """ + rows.values()).params(rows.params()).update();
    }

    void insert(OrderId orderId, OrderEvent event, String credential, OrderStatus from, OrderStatus to, long rawId,
            Instant now) {
        jdbc.sql("""
                INSERT INTO order_transition (order_id, event, credential, from_status, to_status, raw_id, created_at)
                VALUES (:orderId, :event, :credential, :from, :to, :rawId, :now)
                """)
            .param("orderId", orderId.value())
            .param("event", event.name())
            .param("credential", credential)
            .param("from", from.name())
            .param("to", to.name())
            .param("rawId", rawId)
            .param("now", Timestamp.from(now))
            .update();
    }

}
