package io.paypipe.downstream.warehouse;

import io.paypipe.core.event.OrderPaid;
import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class ShipmentRepository {

    private final JdbcClient jdbc;

    ShipmentRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Plain INSERT on the unique event id: a duplicate key means this event already
     * shipped.
     */
    void insert(OrderPaid paid, Instant now) {
        jdbc.sql("""
                INSERT INTO shipment (event_id, order_id, merchant_id, out_trade_no, created_at)
                VALUES (:eventId, :orderId, :merchant, :outTradeNo, :now)
                """)
            .param("eventId", paid.eventId().value())
            .param("orderId", paid.orderId().value())
            .param("merchant", paid.orderKey().merchantId().value())
            .param("outTradeNo", paid.orderKey().outTradeNo().value())
            .param("now", Timestamp.from(now))
            .update();
    }

}
