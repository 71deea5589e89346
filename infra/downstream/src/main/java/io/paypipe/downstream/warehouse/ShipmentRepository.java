package io.paypipe.downstream.warehouse;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.downstream.batch.EventOutcome;
import io.paypipe.downstream.batch.EventTable;
import io.paypipe.downstream.batch.MultiRowValues;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The warehouse's {@code shipment} table: one row per {@code order.paid} event id. */
@Repository
class ShipmentRepository implements EventTable<OrderPaid> {

    private final JdbcClient jdbc;

    ShipmentRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public String eventId(OrderPaid paid) {
        return paid.eventId().value();
    }

    @Override
    public Set<String> stored(List<String> eventIds) {
        return jdbc.sql("SELECT event_id FROM shipment WHERE event_id IN (:ids)")
            .param("ids", eventIds)
            .query(String.class)
            .set();
    }

    /**
     * One INSERT of every row: a duplicate key fails it whole (this event id shipped
     * since the look-up).
     */
    @Override
    public int insertAll(List<OrderPaid> events, Instant now) {
        Map<String, Object> params = new HashMap<>();
        params.put("now", Timestamp.from(now));
        for (int i = 0; i < events.size(); i++) {
            OrderPaid paid = events.get(i);
            params.put("eventId" + i, paid.eventId().value());
            params.put("orderId" + i, paid.orderId().value());
            params.put("merchant" + i, paid.orderKey().merchantId().value());
            params.put("outTradeNo" + i, paid.orderKey().outTradeNo().value());
        }
        return jdbc
            .sql("INSERT INTO shipment (event_id, order_id, merchant_id, out_trade_no, created_at) VALUES "
                    + MultiRowValues.of(events.size(), "(:eventId#, :orderId#, :merchant#, :outTradeNo#, :now)"))
            .params(params)
            .update();
    }

    /**
     * Plain INSERT on the unique event id: a duplicate key means this event already
     * shipped.
     */
    @Override
    public EventOutcome insertOne(OrderPaid paid, Instant now) {
        try {
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
            return EventOutcome.APPLIED;
        }
        catch (DuplicateKeyException e) {
            return EventOutcome.ALREADY_APPLIED;
        }
    }

    @Override
    public String describe(OrderPaid paid) {
        return "order " + paid.orderId();
    }

}
