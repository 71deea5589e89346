package io.paypipe.downstream.points;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.OrderRefunded;
import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class PointsRepository {

    private final JdbcClient jdbc;

    PointsRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Plain INSERT on the unique event id: a duplicate key means these points were
     * granted already.
     */
    void insert(OrderPaid paid, long points, Instant now) {
        jdbc.sql("""
                INSERT INTO points_grant (event_id, order_id, merchant_id, points, created_at)
                VALUES (:eventId, :orderId, :merchant, :points, :now)
                """)
            .param("eventId", paid.eventId().value())
            .param("orderId", paid.orderId().value())
            .param("merchant", paid.orderKey().merchantId().value())
            .param("points", points)
            .param("now", Timestamp.from(now))
            .update();
    }

    /**
     * Plain INSERT on the unique event id (one per refund): a duplicate key means these
     * points were taken back already.
     */
    void insertTakeBack(OrderRefunded refunded, long points, Instant now) {
        jdbc.sql("""
                INSERT INTO points_take_back (event_id, order_id, merchant_id, refund_no, points, created_at)
                VALUES (:eventId, :orderId, :merchant, :refundNo, :points, :now)
                """)
            .param("eventId", refunded.eventId().value())
            .param("orderId", refunded.orderId().value())
            .param("merchant", refunded.orderKey().merchantId().value())
            .param("refundNo", refunded.refundNo())
            .param("points", points)
            .param("now", Timestamp.from(now))
            .update();
    }

}
