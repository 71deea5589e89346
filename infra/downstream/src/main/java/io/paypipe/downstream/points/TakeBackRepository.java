package io.paypipe.downstream.points;

import io.paypipe.core.event.OrderRefunded;
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

/**
 * {@code points_take_back}: one row per {@code order.refunded} event id (one per refund),
 * the whole major units of that refund's amount.
 */
@Repository
class TakeBackRepository implements EventTable<OrderRefunded> {

    private final JdbcClient jdbc;

    TakeBackRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public String eventId(OrderRefunded refunded) {
        return refunded.eventId().value();
    }

    @Override
    public Set<String> stored(List<String> eventIds) {
        return jdbc.sql("SELECT event_id FROM points_take_back WHERE event_id IN (:ids)")
            .param("ids", eventIds)
            .query(String.class)
            .set();
    }

    /**
     * One INSERT of every row: a duplicate key fails it whole (these points were taken
     * back since the look-up).
     */
    @Override
    public int insertAll(List<OrderRefunded> events, Instant now) {
        Map<String, Object> params = new HashMap<>();
        params.put("now", Timestamp.from(now));
        for (int i = 0; i < events.size(); i++) {
            OrderRefunded refunded = events.get(i);
            params.put("eventId" + i, refunded.eventId().value());
            params.put("orderId" + i, refunded.orderId().value());
            params.put("merchant" + i, refunded.orderKey().merchantId().value());
            params.put("refundNo" + i, refunded.refundNo());
            params.put("points" + i, PointsListener.wholeMajorUnits(refunded.refundAmount()));
        }
        return jdbc
            .sql("""
                    INSERT INTO points_take_back (event_id, order_id, merchant_id, refund_no, points, created_at) VALUES
                    """ + MultiRowValues.of(events.size(),
                    "(:eventId#, :orderId#, :merchant#, :refundNo#, :points#, :now)"))
            .params(params)
            .update();
    }

    /**
     * Plain INSERT on the unique event id (one per refund): a duplicate key means these
     * points were taken back already.
     */
    @Override
    public EventOutcome insertOne(OrderRefunded refunded, Instant now) {
        try {
            jdbc.sql("""
                    INSERT INTO points_take_back (event_id, order_id, merchant_id, refund_no, points, created_at)
                    VALUES (:eventId, :orderId, :merchant, :refundNo, :points, :now)
                    """)
                .param("eventId", refunded.eventId().value())
                .param("orderId", refunded.orderId().value())
                .param("merchant", refunded.orderKey().merchantId().value())
                .param("refundNo", refunded.refundNo())
                .param("points", PointsListener.wholeMajorUnits(refunded.refundAmount()))
                .param("now", Timestamp.from(now))
                .update();
            return EventOutcome.APPLIED;
        }
        catch (DuplicateKeyException e) {
            return EventOutcome.ALREADY_APPLIED;
        }
    }

    @Override
    public String describe(OrderRefunded refunded) {
        return "order " + refunded.orderId() + " refund " + refunded.refundNo() + ", "
                + PointsListener.wholeMajorUnits(refunded.refundAmount()) + " points";
    }

}
