package io.paypipe.processor.transition;

import io.paypipe.core.id.OrderId;
import io.paypipe.core.order.OrderEvent;
import io.paypipe.core.order.OrderStatus;
import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL on {@code order_transition}, the audit of every applied transition. */
@Repository
class TransitionRepository {

    private final JdbcClient jdbc;

    TransitionRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
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
