package io.paypipe.reconcile.order;

import io.paypipe.core.id.OrderId;
import io.paypipe.core.order.OrderEvent;
import io.paypipe.core.order.OrderStatus;
import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code order_transition}, the audit of every applied transition; reconcile-service's
 * closes are credited to {@value OrderCloser#CREDENTIAL}.
 */
@Repository
class OrderTransitionRepository {

    private final JdbcClient jdbc;

    OrderTransitionRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(OrderId orderId, OrderEvent event, String credential, OrderStatus from, OrderStatus to, Instant now) {
        jdbc.sql("""
                INSERT INTO order_transition (order_id, event, credential, from_status, to_status, raw_id, created_at)
                VALUES (:orderId, :event, :credential, :from, :to, NULL, :now)
                """)
            .param("orderId", orderId.value())
            .param("event", event.name())
            .param("credential", credential)
            .param("from", from.name())
            .param("to", to.name())
            .param("now", Timestamp.from(now))
            .update();
    }

}
