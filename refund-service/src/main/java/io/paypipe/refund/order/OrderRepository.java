package io.paypipe.refund.order;

import io.paypipe.core.id.OrderId;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.support.order.OrderColumns;
import io.paypipe.support.order.OrderReads;
import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * refund-service's side of {@code orders}: it reads orders, locks them (the lock every
 * refund transaction starts with: service-support's {@link OrderReads}) and moves their
 * refund status, guarded by the expected current status. The processor creates and pays
 * them.
 */
@Repository
public class OrderRepository extends OrderReads<OrderRow> {

    OrderRepository(JdbcClient jdbc) {
        super(jdbc, "", (rs, row) -> OrderRow.of(OrderColumns.read(rs)));
    }

    /**
     * {@code from} -> {@code to}; returns the affected rows (0 = not in {@code from}).
     */
    public int move(OrderId id, OrderStatus from, OrderStatus to, Instant now) {
        return jdbc.sql("UPDATE orders SET status = :to, updated_at = :now WHERE id = :id AND status = :from")
            .param("to", to.name())
            .param("now", Timestamp.from(now))
            .param("id", id.value())
            .param("from", from.name())
            .update();
    }

}
