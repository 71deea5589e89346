package io.paypipe.reconcile.order;

import io.paypipe.core.id.OrderId;
import io.paypipe.core.order.OrderEvent;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.support.order.OrderColumns;
import io.paypipe.support.order.OrderReads;
import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * reconcile-service's side of {@code orders}: the reads are service-support's
 * ({@link OrderReads}, the columns every service reads), and its one write closes an
 * order after its expiry (or as the channel said), guarded by the expected status.
 */
@Repository
public class OrderRepository extends OrderReads<OrderColumns> {

    OrderRepository(JdbcClient jdbc) {
        super(jdbc, "", (rs, row) -> OrderColumns.read(rs));
    }

    /**
     * {@code from} -> {@code to} (CLOSED) by {@code closedBy}; the affected rows (0 = not
     * in {@code from} any more).
     */
    int close(OrderId id, OrderStatus from, OrderStatus to, OrderEvent closedBy, Instant now) {
        return jdbc.sql("""
                UPDATE orders SET status = :to, closed_by = :closedBy, updated_at = :now
                 WHERE id = :id AND status = :from
                """)
            .param("to", to.name())
            .param("closedBy", closedBy.name())
            .param("now", Timestamp.from(now))
            .param("id", id.value())
            .param("from", from.name())
            .update();
    }

}
