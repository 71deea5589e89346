package io.paypipe.downstream.points;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.downstream.batch.EventRows;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code points_grant}: one row per {@code order.paid} event id, the whole major units
 * paid ({@link PointsListener#wholeMajorUnits}).
 */
@Repository
class GrantRepository extends EventRows<OrderPaid> {

    GrantRepository(JdbcClient jdbc) {
        super(jdbc, "points_grant", List.of("event_id", "order_id", "merchant_id", "points"));
    }

    @Override
    protected Map<String, Object> values(OrderPaid paid) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("event_id", paid.eventId().value());
        values.put("order_id", paid.orderId().value());
        values.put("merchant_id", paid.orderKey().merchantId().value());
        values.put("points", PointsListener.wholeMajorUnits(paid.paidAmount()));
        return values;
    }

    @Override
    public String describe(OrderPaid paid) {
        return "order " + paid.orderId() + ", " + PointsListener.wholeMajorUnits(paid.paidAmount()) + " points";
    }

}
