package io.paypipe.refund.order;

import io.paypipe.core.id.OrderId;
import io.paypipe.core.order.OrderEvent;
import io.paypipe.core.order.OrderStatus;
import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code order_transition}, the audit of every applied transition; a refund's are
 * credited to the refund number whose change caused them.
 */
@Repository
public class OrderTransitionRepository {

    private final JdbcClient jdbc;

    OrderTransitionRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public void insert(OrderId orderId, OrderEvent event, String refundNo, OrderStatus from, OrderStatus to,
            Instant now) {
        jdbc.sql("""
                INSERT INTO order_transition (order_id, event, credential, from_status, to_status, raw_id, created_at)
                VALUES (:orderId, :event, :credential, :from, :to, NULL, :now)
                """)
            .param("orderId", orderId.value())
            .param("event", event.name())
            .param("credential", refundNo)
            .param("from", from.name())
            .param("to", to.name())
            .param("now", Timestamp.from(now))
            .update();
    }

}
