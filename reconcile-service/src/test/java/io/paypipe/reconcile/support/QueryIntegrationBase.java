package io.paypipe.reconcile.support;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.event.OrderClosed;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.reconcile.ReconcileApplication;
import java.sql.Timestamp;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Every active-query integration test: reconcile-service on the shared broker and
 * database, its query chains on (the other contexts leave them off), its channel clients
 * calling THE sandbox of the test JVM ({@link QuerySandbox}). The ladder is compressed to
 * tiers of 300 ms - 2 s: first query after 1 s, then every 500 ms, 1 s; expiry 5 s;
 * failures again after 300 ms, 600 ms; failing queries give up 2 s past the expiry;
 * closes tried 3 times. Merchant {@value QuerySandbox#WECHAT_D} (the outage test's) is
 * limited to {@value #OUTAGE_RATE} calls a second and expires after 30 s. No processor
 * runs here: the tests write the {@code orders} row as the processor does and assert the
 * records the active query publishes.
 */
@SpringBootTest(classes = ReconcileApplication.class,
        properties = { "reconcile.query.consume=true", "reconcile.query.first-query-after=1s",
                "reconcile.query.backoff=500ms,1s", "reconcile.query.expiry=5s",
                "reconcile.query.error-backoff=300ms,600ms", "reconcile.query.undecided-after=2s",
                "reconcile.query.close-attempts=3", "reconcile.query.order-retry-delays=300ms,1s,2s",
                "reconcile.query.poll-timeout=100ms", "reconcile.query.handling-retry=500ms", "reconcile.query.rate=50",
                "reconcile.channel-call-timeout=2s", "reconcile.connect-timeout=1s",
                "reconcile.query.merchants." + QuerySandbox.WECHAT_D + ".rate=" + QueryIntegrationBase.OUTAGE_RATE,
                "reconcile.query.merchants." + QuerySandbox.WECHAT_D + ".expiry=30s",
                "reconcile.query.merchants." + QuerySandbox.WECHAT_D + ".backoff=2s" })
public abstract class QueryIntegrationBase {

    public static final int OUTAGE_RATE = 4;

    protected static final QuerySandbox SANDBOX = QuerySandbox.get();

    protected static TopicRecords<PaymentNotified> notified;

    protected static TopicRecords<OrderClosed> closed;

    @Autowired
    protected JdbcClient jdbc;

    @DynamicPropertySource
    static void infra(DynamicPropertyRegistry registry) {
        TestInfra.get().springProperties().forEach((k, v) -> registry.add(k, () -> v));
        QuerySandbox.get().reconcileProperties().forEach((k, v) -> registry.add(k, () -> v));
    }

    @BeforeAll
    static void openTopics() {
        TestInfra.get()
            .broker()
            .createTopics(List.of(Topics.PAYMENT_NOTIFY.name(), Topics.ORDER_CLOSED.name(), Topics.OPS_ALERT.name()),
                    Topics.DEFAULT_PARTITIONS);
        notified = new TopicRecords<>(Topics.PAYMENT_NOTIFY, TestInfra.get().bootstrapServers());
        closed = new TopicRecords<>(Topics.ORDER_CLOSED, TestInfra.get().bootstrapServers());
    }

    @AfterAll
    static void closeTopics() {
        notified.close();
        closed.close();
    }

    protected static String outTradeNo(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 18);
    }

    /**
     * An order created by the merchant's order system (placed at WeChat, published on
     * order.created) and stored by the processor (PENDING): its id.
     */
    protected long createOrder(String merchant, String outTradeNo, long fen) {
        OrderCreated created = SANDBOX.orders().orderCreated(merchant, outTradeNo, fen);
        long id = storeOrder(created);
        SANDBOX.orders().publish(created);
        return id;
    }

    /** The {@code orders} row as the processor stores an OrderCreated. */
    protected long storeOrder(OrderCreated c) {
        var keys = new org.springframework.jdbc.support.GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO orders (tenant_id, merchant_id, sp_merchant_id, out_trade_no, channel, amount_minor,
                    currency, status, created_at, updated_at)
                VALUES (:tenant, :merchant, NULL, :out, :channel, :amount, :currency, 'PENDING', :at, :at)
                """)
            .param("tenant", c.orderKey().tenantId().value())
            .param("merchant", c.orderKey().merchantId().value())
            .param("out", c.orderKey().outTradeNo().value())
            .param("channel", c.channel().code())
            .param("amount", c.amount().minor())
            .param("currency", c.amount().currency())
            .param("at", Timestamp.from(c.createdAt()))
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    protected String chainState(long orderId) {
        return jdbc.sql("SELECT state FROM payment_query WHERE order_id = :id")
            .param("id", orderId)
            .query(String.class)
            .optional()
            .orElse("NONE");
    }

    protected String orderStatus(long orderId) {
        return jdbc.sql("SELECT status FROM orders WHERE id = :id").param("id", orderId).query(String.class).single();
    }

    /** The raw rows of an order: id, source, payment_state. */
    protected List<Map<String, Object>> raws(String merchant, String outTradeNo) {
        return jdbc.sql("""
                SELECT id, source, payment_state, trade_state, channel_trade_no FROM pay_notify_raw
                 WHERE merchant_id = :m AND out_trade_no = :o ORDER BY id
                """).param("m", merchant).param("o", outTradeNo).query().listOfRows();
    }

    protected long alerts(String kind, long orderId) {
        return jdbc.sql("SELECT COUNT(*) FROM ops_alert WHERE kind = :kind AND alert_key = :key")
            .param("kind", kind)
            .param("key", kind + ":order:" + orderId)
            .query(Long.class)
            .single();
    }

}
