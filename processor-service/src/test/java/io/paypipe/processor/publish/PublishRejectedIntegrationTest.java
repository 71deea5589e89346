package io.paypipe.processor.publish;

import static io.paypipe.processor.support.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.support.BytesTopicReader;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import io.paypipe.support.testing.TopicReader;
import io.paypipe.support.testing.TopicWriter;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;

/**
 * Section 3 of issue 10: a downstream event the broker refuses for good (here: larger
 * than the topic accepts) sends its record to the dead-letter topic at once, with a
 * DOWNSTREAM_NOT_PUBLISHED alert, instead of climbing the whole ladder while the order
 * waits PAID and unshipped. The test changes the shared broker's order.paid topic and
 * restores it after. (A transient failure keeps retrying:
 * {@link PublishTimeoutIntegrationTest}.)
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = { "processor.publish-timeout=1s", "processor.retry-delays=5s,10s",
                "processor.dead-letter-retry-delays=50ms" })
@DirtiesContext
class PublishRejectedIntegrationTest extends ProcessorIntegrationBase {

    private static final ConfigResource ORDER_PAID = new ConfigResource(ConfigResource.Type.TOPIC,
            Topics.ORDER_PAID.name());

    private static TopicWriter writer;

    private static BytesTopicReader topics;

    private static TopicReader<OrderPaid> paid;

    private static Admin admin;

    @BeforeAll
    static void clients() {
        String bootstrap = TestInfra.get().bootstrapServers();
        writer = new TopicWriter(bootstrap);
        topics = new BytesTopicReader(bootstrap, List.of(Topics.PAYMENT_NOTIFY.retry(0), Topics.PAYMENT_NOTIFY.dlt()));
        paid = new TopicReader<>(bootstrap, Topics.ORDER_PAID);
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
    }

    @AfterAll
    static void closeClients() {
        writer.close();
        topics.close();
        paid.close();
        admin.close();
    }

    @AfterEach
    void restoreTopic() throws Exception {
        alter(List.of(new AlterConfigOp(new ConfigEntry("max.message.bytes", ""), AlterConfigOp.OpType.DELETE)));
    }

    @Test
    void anEventTheBrokerRefusesForGoodIsADeadLetterAtOnceWithAnAlertAndThePaymentStaysBooked() throws Exception {
        // Given order.paid accepts no record as large as an OrderPaid
        alter(List.of(new AlterConfigOp(new ConfigEntry("max.message.bytes", "120"), AlterConfigOp.OpType.SET)));
        OrderKey key = givenPendingOrder(1500);
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 1500);

        // When the payment is processed
        long start = System.nanoTime();
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 1500, 1500));

        // Then the record is a dead letter well before even the first retry delay, and
        // never went to a retry topic
        await().atMost(Duration.ofSeconds(30))
            .untilAsserted(() -> assertThat(topics.of(Topics.PAYMENT_NOTIFY.dlt(), key.kafkaKey())).hasSize(1));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("well before the first retry delay (5 s)")
            .isLessThan(Duration.ofMillis(4500));
        assertThat(topics.of(Topics.PAYMENT_NOTIFY.retry(0), key.kafkaKey())).isEmpty();
        // and one DOWNSTREAM_NOT_PUBLISHED alert names it, while the payment stays booked
        // and its row APPLIED
        await().atMost(Duration.ofSeconds(30))
            .untilAsserted(() -> assertThat(jdbc.sql("SELECT kind FROM ops_alert WHERE raw_id = :id")
                .param("id", rawId)
                .query(String.class)
                .list()).containsExactly("DOWNSTREAM_NOT_PUBLISHED"));
        assertThat(jdbc.sql("SELECT message FROM ops_alert WHERE raw_id = :id")
            .param("id", rawId)
            .query(String.class)
            .single()).contains("RecordTooLargeException");
        assertThat(db.status(key)).isEqualTo("PAID");
        assertThat(db.handled(rawId)).isEqualTo(1);
        assertThat(db.outcome(rawId)).isEqualTo("APPLIED");
        assertThat(db.count("SELECT COUNT(*) FROM payment_ledger WHERE channel_trade_no = :v", tradeNo.value()))
            .isOne();
    }

    private OrderKey givenPendingOrder(long fen) {
        OrderKey key = newOrderKey();
        writer.send(Topics.ORDER_CREATED, key.kafkaKey(), orderCreated(key, fen));
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PENDING"));
        return key;
    }

    private static void alter(Collection<AlterConfigOp> ops) throws Exception {
        admin.incrementalAlterConfigs(Map.of(ORDER_PAID, ops)).all().get(10, TimeUnit.SECONDS);
        // the broker applies topic configs from its metadata log: wait until it reports
        // them
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            var config = admin.describeConfigs(List.of(ORDER_PAID)).all().get(10, TimeUnit.SECONDS).get(ORDER_PAID);
            for (AlterConfigOp op : ops) {
                ConfigEntry entry = config.get(op.configEntry().name());
                if (op.opType() == AlterConfigOp.OpType.SET) {
                    assertThat(entry.value()).isEqualTo(op.configEntry().value());
                }
                else {
                    assertThat(entry.source()).isNotEqualTo(ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG);
                }
            }
        });
    }

}
