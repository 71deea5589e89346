package io.paypipe.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.auditor.AuditReport;
import io.paypipe.auditor.AuditScope;
import io.paypipe.auditor.Auditor;
import io.paypipe.core.event.OrderClosed;
import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * What one order came to, read from the tables, the topics and the auditor: for the
 * end-to-end tests of the active query, the outbox and the chaos test's lost callbacks.
 * Orders are named by merchant and out_trade_no (unique per test).
 */
final class OrderEffects {

    /**
     * The ledger rows the auditor checks against order.paid, as its report names them.
     */
    static final String LEDGER_CHECKED = "payment_ledger rows checked against " + Topics.ORDER_PAID.name();

    private OrderEffects() {
    }

    /** A pay_notify_raw row, the columns these tests look at. */
    record Raw(long id, String source, int handled, String outcome, String paymentState, String channelTradeNo,
            boolean republished) {
    }

    /** The order's raw payment rows, oldest first. */
    static List<Raw> rawRows(JdbcClient jdbc, String merchant, String outTradeNo) {
        return jdbc.sql("""
                SELECT id, source, handled, outcome, payment_state, channel_trade_no, last_republished_at
                  FROM pay_notify_raw WHERE merchant_id = :m AND out_trade_no = :o ORDER BY id""")
            .param("m", merchant)
            .param("o", outTradeNo)
            .query((rs, i) -> new Raw(rs.getLong("id"), rs.getString("source"), rs.getInt("handled"),
                    rs.getString("outcome"), rs.getString("payment_state"), rs.getString("channel_trade_no"),
                    rs.getTimestamp("last_republished_at") != null))
            .list();
    }

    static long orderId(JdbcClient jdbc, String merchant, String outTradeNo) {
        return jdbc.sql("SELECT id FROM orders WHERE merchant_id = :m AND out_trade_no = :o")
            .param("m", merchant)
            .param("o", outTradeNo)
            .query(Long.class)
            .single();
    }

    /** The order's payment_query chain state, NONE without one. */
    static String chainState(JdbcClient jdbc, String merchant, String outTradeNo) {
        return jdbc.sql("""
                SELECT q.state FROM payment_query q JOIN orders o ON o.id = q.order_id
                 WHERE o.merchant_id = :m AND o.out_trade_no = :o""")
            .param("m", merchant)
            .param("o", outTradeNo)
            .query(String.class)
            .optional()
            .orElse("NONE");
    }

    /** ops_alert rows of {@code kind} about the order. */
    static long alerts(JdbcClient jdbc, String kind, String merchant, String outTradeNo) {
        return jdbc.sql("SELECT COUNT(*) FROM ops_alert WHERE kind = :k AND merchant_id = :m AND out_trade_no = :o")
            .param("k", kind)
            .param("m", merchant)
            .param("o", outTradeNo)
            .query(Long.class)
            .single();
    }

    static long refundTasks(JdbcClient jdbc, String merchant, String outTradeNo) {
        return jdbc.sql("""
                SELECT COUNT(*) FROM refund_task t JOIN orders o ON o.id = t.order_id
                 WHERE o.merchant_id = :m AND o.out_trade_no = :o""")
            .param("m", merchant)
            .param("o", outTradeNo)
            .query(Long.class)
            .single();
    }

    /** The distinct event ids of the order's order.paid records. */
    static Set<String> orderPaidEventIds(String merchant, String outTradeNo) {
        return TopicSnapshot
            .read(TestInfra.get().bootstrapServers(), Topics.ORDER_PAID,
                    (OrderPaid p) -> is(p.orderKey(), merchant, outTradeNo))
            .stream()
            .map(p -> p.eventId().value())
            .collect(Collectors.toSet());
    }

    static List<OrderClosed> orderClosed(String merchant, String outTradeNo) {
        return TopicSnapshot.read(TestInfra.get().bootstrapServers(), Topics.ORDER_CLOSED,
                (OrderClosed c) -> is(c.orderKey(), merchant, outTradeNo));
    }

    /**
     * The auditor over the orders whose out_trade_no starts with {@code prefix}, with a
     * retry budget of {@code retryBudget}.
     */
    static AuditReport audit(LocalPipeline pipeline, String prefix, Duration retryBudget) {
        return new Auditor(pipeline.bean(PipelineService.PROCESSOR, DataSource.class),
                TestInfra.get().bootstrapServers(), Clock.systemUTC())
            .audit(AuditScope.outTradeNoPrefix(prefix), retryBudget);
    }

    /**
     * The auditor finds nothing about the order, having checked its {@code paid} ledger
     * rows against order.paid.
     */
    static void assertAuditClean(LocalPipeline pipeline, String outTradeNo, long paid) {
        AuditReport report = audit(pipeline, outTradeNo, Auditor.DEFAULT_RETRY_BUDGET);
        assertThat(report.violations()).as(report.render()).isEmpty();
        assertThat(report.checked(LEDGER_CHECKED)).as(report.render()).isEqualTo(paid);
    }

    private static boolean is(OrderKey key, String merchant, String outTradeNo) {
        return key.merchantId().value().equals(merchant) && key.outTradeNo().value().equals(outTradeNo);
    }

}
