package io.paypipe.downstream.warehouse;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.downstream.batch.EventRows;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The warehouse's {@code shipment} table: one row per {@code order.paid} event id. */
@Repository
class ShipmentRepository extends EventRows<OrderPaid> {

    ShipmentRepository(JdbcClient jdbc) {
        super(jdbc, "shipment", List.of("event_id", "order_id", "merchant_id", "out_trade_no"));
    }

    @Override
    protected Map<String, Object> values(OrderPaid paid) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("event_id", paid.eventId().value());
        values.put("order_id", paid.orderId().value());
        values.put("merchant_id", paid.orderKey().merchantId().value());
        values.put("out_trade_no", paid.orderKey().outTradeNo().value());
        return values;
    }

    @Override
    public String describe(OrderPaid paid) {
        return "order " + paid.orderId();
    }

}
