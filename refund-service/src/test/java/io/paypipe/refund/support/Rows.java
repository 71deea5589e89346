package io.paypipe.refund.support;

import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;

/** What the refund tests read back from the database. */
public final class Rows {

    private final JdbcClient jdbc;

    public Rows(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public String orderStatus(OrderId order) {
        return jdbc.sql("SELECT status FROM orders WHERE id = :id")
            .param("id", order.value())
            .query(String.class)
            .single();
    }

    /** refund_no, status, amount_minor, source of every refund of the order. */
    public List<Map<String, Object>> refunds(OrderId order) {
        return jdbc
            .sql("SELECT id, refund_no, status, amount_minor, source, channel_refund_id FROM refund"
                    + " WHERE order_id = :id ORDER BY id")
            .param("id", order.value())
            .query()
            .listOfRows();
    }

    public String refundStatus(MerchantId merchant, String refundNo) {
        return jdbc.sql("SELECT status FROM refund WHERE merchant_id = :m AND refund_no = :no")
            .param("m", merchant.value())
            .param("no", refundNo)
            .query(String.class)
            .optional()
            .orElse("ABSENT");
    }

    public long sumOf(OrderId order, String status) {
        return jdbc.sql("SELECT COALESCE(SUM(amount_minor), 0) FROM refund WHERE order_id = :id AND status = :s")
            .param("id", order.value())
            .param("s", status)
            .query(Long.class)
            .single();
    }

    /** to_status of every refund_transition of the refund, in order. */
    public List<String> refundTransitions(MerchantId merchant, String refundNo) {
        return jdbc.sql("""
                SELECT t.to_status FROM refund_transition t JOIN refund r ON r.id = t.refund_id
                 WHERE r.merchant_id = :m AND r.refund_no = :no ORDER BY t.id""")
            .param("m", merchant.value())
            .param("no", refundNo)
            .query(String.class)
            .list();
    }

    /** event:from->to of every order_transition of the order, in order. */
    public List<String> orderTransitions(OrderId order) {
        return jdbc
            .sql("SELECT CONCAT(event, ':', from_status, '->', to_status) FROM order_transition"
                    + " WHERE order_id = :id ORDER BY id")
            .param("id", order.value())
            .query(String.class)
            .list();
    }

    public List<String> alertKinds(String outTradeNo) {
        return jdbc.sql("SELECT kind FROM ops_alert WHERE out_trade_no = :o ORDER BY id")
            .param("o", outTradeNo)
            .query(String.class)
            .list();
    }

    public int rawHandled(long rawId) {
        return jdbc.sql("SELECT handled FROM pay_refund_raw WHERE id = :id")
            .param("id", rawId)
            .query(Integer.class)
            .single();
    }

    /** The status of the refund task the processor wrote with {@code eventId}. */
    public String taskStatus(io.paypipe.core.id.EventId eventId) {
        return jdbc.sql("SELECT status FROM refund_task WHERE event_id = :id")
            .param("id", eventId.value())
            .query(String.class)
            .single();
    }

}
