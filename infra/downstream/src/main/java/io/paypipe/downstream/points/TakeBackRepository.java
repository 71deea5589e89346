package io.paypipe.downstream.points;

import io.paypipe.core.event.OrderRefunded;
import io.paypipe.downstream.batch.EventRows;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code points_take_back}: one row per {@code order.refunded} event id (one per refund),
 * the whole major units of that refund's amount.
 */
@Repository
class TakeBackRepository extends EventRows<OrderRefunded> {

    TakeBackRepository(JdbcClient jdbc) {
        super(jdbc, "points_take_back", List.of("event_id", "order_id", "merchant_id", "refund_no", "points"));
    }

    @Override
    protected Map<String, Object> values(OrderRefunded refunded) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("event_id", refunded.eventId().value());
        values.put("order_id", refunded.orderId().value());
        values.put("merchant_id", refunded.orderKey().merchantId().value());
        values.put("refund_no", refunded.refundNo());
        values.put("points", PointsListener.wholeMajorUnits(refunded.refundAmount()));
        return values;
    }

    @Override
    public String describe(OrderRefunded refunded) {
        return "order " + refunded.orderId() + " refund " + refunded.refundNo() + ", "
                + PointsListener.wholeMajorUnits(refunded.refundAmount()) + " points";
    }

}
