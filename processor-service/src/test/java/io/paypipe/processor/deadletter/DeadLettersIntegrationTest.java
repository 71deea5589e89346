package io.paypipe.processor.deadletter;

import static io.paypipe.processor.support.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.support.BytesTopicReader;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import io.paypipe.processor.support.TopicSizeLimit;
import io.paypipe.support.testing.TopicReader;
import io.paypipe.support.testing.TopicWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.node.ObjectNode;

/**
 * Section 1 of issue 10: every dead letter of payment.notify settles its raw row (found
 * by ingress's raw-id header, else by the value read leniently) and raises exactly one
 * alert; a record that names no raw row still raises one, naming the dead letter's
 * coordinates; the dead-letter topic never grows by itself; a settled row is never
 * overwritten. Issue 13: a dead letter that names its order schedules an active query of
 * it on {@code payment.query} before the alert, which says so.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = { "processor.retry-delays=100ms,100ms", "processor.dead-letter-retry-delays=50ms,50ms",
                "processor.dead-letter-query-window=45m" })
@DirtiesContext
class DeadLettersIntegrationTest extends ProcessorIntegrationBase {

    private static final String DLT = Topics.PAYMENT_NOTIFY.dlt();

    private static TopicWriter writer;

    private static BytesTopicReader topics;

    private static TopicReader<OpsAlertRaised> alertTopic;

    private static TopicReader<PaymentQueryDue> queries;

    private static TopicSizeLimit sizeLimit;

    @BeforeAll
    static void clients() {
        writer = new TopicWriter(TestInfra.get().bootstrapServers());
        topics = new BytesTopicReader(TestInfra.get().bootstrapServers(), List.of(Topics.PAYMENT_NOTIFY.retry(0), DLT));
        alertTopic = new TopicReader<>(TestInfra.get().bootstrapServers(), Topics.OPS_ALERT);
        queries = new TopicReader<>(TestInfra.get().bootstrapServers(), Topics.PAYMENT_QUERY);
        sizeLimit = new TopicSizeLimit(TestInfra.get().bootstrapServers());
    }

    @AfterAll
    static void closeClients() {
        writer.close();
        topics.close();
        alertTopic.close();
        queries.close();
        sizeLimit.close();
    }

    @AfterEach
    void restoreQueryTopic() throws Exception {
        sizeLimit.restore(Topics.PAYMENT_QUERY.name());
    }

    @Test
    void aRecordWithoutAnOrderKeyReachesTheDeadLetterTopicOnceWithOneAlertAndTheTopicDoesNotGrow() {
        // Given a stored raw row and a record for it whose order key is null
        OrderKey key = newOrderKey();
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 500);
        ObjectNode value = Json.MAPPER.valueToTree(succeeded(rawId, key, tradeNo, 500, 500));
        value.putNull("orderKey");

        // When it is published as ingress would, with its raw-id header
        writer.sendBytes(Topics.PAYMENT_NOTIFY.name(), key.kafkaKey(), Json.MAPPER.writeValueAsBytes(value),
                Map.of(NotifyHeaders.RAW_ID, NotifyHeaders.rawIdValue(rawId)));

        // Then its raw row is set aside as a dead letter with one alert, without a single
        // retry
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(db.handled(rawId)).isEqualTo(2));
        assertThat(db.outcome(rawId)).isEqualTo("DEAD_LETTER");
        assertThat(db.lastError(rawId)).contains("InvalidRecordException").contains("orderKey");
        assertThat(alertsOf(rawId)).containsExactly("DEAD_LETTER");
        assertThat(topics.of(Topics.PAYMENT_NOTIFY.retry(0), key.kafkaKey())).isEmpty();
        // and the dead-letter topic holds it once, and still once a while later: the
        // handler did not loop
        await().atMost(Duration.ofSeconds(30))
            .untilAsserted(() -> assertThat(topics.of(DLT, key.kafkaKey())).hasSize(1));
        await().during(Duration.ofSeconds(2))
            .atMost(Duration.ofSeconds(5))
            .untilAsserted(() -> assertThat(topics.of(DLT, key.kafkaKey())).hasSize(1));
        assertThat(alertsOf(rawId)).hasSize(1);
        // and the alert went to ops.alert as well
        await().atMost(Duration.ofSeconds(30))
            .untilAsserted(() -> assertThat(alertTopic.values()).filteredOn(a -> Long.valueOf(rawId).equals(a.rawId()))
                .extracting(a -> a.kind().name())
                .containsExactly("DEAD_LETTER"));
    }

    @Test
    void aRecordWithAStateThisProcessorDoesNotKnowSettlesItsRawRowThroughTheHeader() {
        // Given a record a newer ingress wrote during a rolling deploy: a payment state
        // this processor lacks
        OrderKey key = newOrderKey();
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 700);
        ObjectNode value = Json.MAPPER.valueToTree(succeeded(rawId, key, tradeNo, 700, 700));
        value.put("state", "PARTIALLY_SUCCEEDED");
        value.remove("rawId");

        // When it is published with the raw-id header (the value no longer names the row)
        writer.sendBytes(Topics.PAYMENT_NOTIFY.name(), key.kafkaKey(), Json.MAPPER.writeValueAsBytes(value),
                Map.of(NotifyHeaders.RAW_ID, NotifyHeaders.rawIdValue(rawId)));

        // Then the row is set aside with one alert naming it
        await().atMost(Duration.ofSeconds(60))
            .untilAsserted(() -> assertThat(db.outcome(rawId)).isEqualTo("DEAD_LETTER"));
        assertThat(db.handled(rawId)).isEqualTo(2);
        assertThat(alertsOf(rawId)).containsExactly("DEAD_LETTER");
        assertThat(jdbc.sql("SELECT out_trade_no FROM ops_alert WHERE raw_id = :id")
            .param("id", rawId)
            .query(String.class)
            .single()).isEqualTo(key.outTradeNo().value());
    }

    @Test
    void aRecordWithoutTheHeaderIsFoundByTheRawIdInItsValueReadLeniently() {
        // Given a record from before the header existed, whose value cannot be read
        // strictly
        OrderKey key = newOrderKey();
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 900);
        ObjectNode value = Json.MAPPER.valueToTree(succeeded(rawId, key, tradeNo, 900, 900));
        value.put("orderAmount", "nine hundred");

        // When it is published without any header
        writer.sendBytes(Topics.PAYMENT_NOTIFY.name(), key.kafkaKey(), Json.MAPPER.writeValueAsBytes(value));

        // Then its raw row is still found and set aside with one alert
        await().atMost(Duration.ofSeconds(60))
            .untilAsserted(() -> assertThat(db.outcome(rawId)).isEqualTo("DEAD_LETTER"));
        assertThat(alertsOf(rawId)).containsExactly("DEAD_LETTER");
    }

    @Test
    void aRecordThatNamesNoRawRowRaisesAnAlertNamingTheDeadLetter() {
        // Given bytes nobody can read and no header: nothing names a raw row
        OrderKey key = newOrderKey();

        // When they are published
        writer.sendBytes(Topics.PAYMENT_NOTIFY.name(), key.kafkaKey(),
                "not json at all {".getBytes(StandardCharsets.UTF_8));

        // Then one alert names the dead letter by its topic, partition and offset, and
        // the order key
        var dead = await().atMost(Duration.ofSeconds(60))
            .until(() -> topics.of(DLT, key.kafkaKey()), l -> l.size() == 1)
            .getFirst();
        String coordinates = DLT + "-" + dead.partition() + "@" + dead.offset();
        await().atMost(Duration.ofSeconds(30))
            .untilAsserted(() -> assertThat(jdbc.sql("""
                    SELECT kind, alert_key, message, raw_id FROM ops_alert WHERE out_trade_no = :o""")
                .param("o", key.outTradeNo().value())
                .query()
                .listOfRows()).singleElement().satisfies(row -> {
                    assertThat(row.get("kind")).isEqualTo("DEAD_LETTER");
                    assertThat(row.get("raw_id")).isNull();
                    assertThat((String) row.get("alert_key"))
                        .isEqualTo("DEAD_LETTER:dlt:" + DLT + ":" + dead.partition() + ":" + dead.offset());
                    assertThat((String) row.get("message")).contains(coordinates).contains("without a raw id");
                }));
    }

    @Test
    void aDeadLetterNeverOverwritesARowThatIsSettledAlready() {
        // Given a raw row some earlier record already settled as APPLIED
        OrderKey key = newOrderKey();
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 300);
        jdbc.sql("UPDATE pay_notify_raw SET handled = 1, outcome = 'APPLIED' WHERE id = :id")
            .param("id", rawId)
            .update();

        // When a record for that row becomes a dead letter
        writer.sendBytes(Topics.PAYMENT_NOTIFY.name(), key.kafkaKey(), "{\"rawId\":".getBytes(StandardCharsets.UTF_8),
                Map.of(NotifyHeaders.RAW_ID, NotifyHeaders.rawIdValue(rawId)));

        // Then the alert is raised, but the row keeps its outcome
        await().atMost(Duration.ofSeconds(60))
            .untilAsserted(() -> assertThat(alertsOf(rawId)).containsExactly("DEAD_LETTER"));
        assertThat(db.handled(rawId)).isEqualTo(1);
        assertThat(db.outcome(rawId)).isEqualTo("APPLIED");
    }

    @Test
    void aDeadLetterThatNamesItsOrderSchedulesOneQueryOfItAndTheAlertSaysSo() {
        // Given a stored payment whose order never comes
        OrderKey key = newOrderKey();
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 400);

        // When it climbs the ladder to the dead-letter topic
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 400, 400));

        // Then one query of the order is due now, for the configured window, under the
        // order's key, with an id derived from the notification
        await().atMost(Duration.ofSeconds(60))
            .untilAsserted(() -> assertThat(alertsOf(rawId)).containsExactly("UNKNOWN_ORDER"));
        var query = await().atMost(Duration.ofSeconds(30)).until(() -> queriesFor(key), q -> q.size() == 1).getFirst();
        assertThat(query.key()).isEqualTo(key.kafkaKey());
        assertThat(query.value()).satisfies(q -> {
            assertThat(q.eventId())
                .isEqualTo(EventId.derived("payment.query", "dead-letter", PaymentNotified.idFor(rawId).value()));
            assertThat(q.orderKey()).isEqualTo(key);
            assertThat(q.channel()).isEqualTo(Channel.WECHATPAY);
            assertThat(q.spMerchantId()).isNull();
            assertThat(q.reason()).isEqualTo(PaymentQueryDue.Reason.DEAD_LETTER);
            assertThat(q.attempt()).isZero();
            assertThat(Duration.between(q.dueAt(), q.expiresAt())).isEqualTo(Duration.ofMinutes(45));
            assertThat(q.dueAt()).isBetween(Instant.now().minusSeconds(120), Instant.now());
        });
        // and the alert, still raised, says so
        assertThat(alertMessage(rawId))
            .contains("an active query of the order was scheduled (" + query.value().eventId());
        await().during(Duration.ofSeconds(1))
            .atMost(Duration.ofSeconds(5))
            .untilAsserted(() -> assertThat(queriesFor(key)).hasSize(1));
    }

    @Test
    void anUnreadableRecordWithARawIdIsQueriedByTheOrderItsRowNames() {
        // Given a record whose value cannot be read, naming a stored row by its header
        OrderKey key = newOrderKey();
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 450);

        // When it becomes a dead letter
        writer.sendBytes(Topics.PAYMENT_NOTIFY.name(), "not an order key",
                "{\"rawId\":".getBytes(StandardCharsets.UTF_8),
                Map.of(NotifyHeaders.RAW_ID, NotifyHeaders.rawIdValue(rawId)));

        // Then the row's order is queried, and the alert says so
        await().atMost(Duration.ofSeconds(60))
            .untilAsserted(() -> assertThat(alertsOf(rawId)).containsExactly("DEAD_LETTER"));
        await().atMost(Duration.ofSeconds(30))
            .untilAsserted(() -> assertThat(queriesFor(key)).singleElement()
                .satisfies(q -> assertThat(q.value().channel()).isEqualTo(Channel.WECHATPAY)));
        assertThat(alertMessage(rawId)).contains("an active query of the order was scheduled");
    }

    @Test
    void aQueryThatCannotBeScheduledLeavesTheAlertSayingSo() throws Exception {
        // Given payment.query refuses every record, and a payment whose order never comes
        sizeLimit.limit(Topics.PAYMENT_QUERY.name(), 64);
        OrderKey key = newOrderKey();
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 500);

        // When it becomes a dead letter
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 500, 500));

        // Then the alert is raised all the same, and says the query could not be
        // scheduled
        await().atMost(Duration.ofSeconds(60))
            .untilAsserted(() -> assertThat(alertsOf(rawId)).containsExactly("UNKNOWN_ORDER"));
        assertThat(alertMessage(rawId)).contains("the active query of the order could not be scheduled");
        assertThat(db.outcome(rawId)).isEqualTo("UNKNOWN_ORDER");
        assertThat(queriesFor(key)).isEmpty();
    }

    private List<ConsumerRecord<String, PaymentQueryDue>> queriesFor(OrderKey key) {
        return queries.poll().stream().filter(r -> key.kafkaKey().equals(r.key())).toList();
    }

    private String alertMessage(long rawId) {
        return jdbc.sql("SELECT message FROM ops_alert WHERE raw_id = :id")
            .param("id", rawId)
            .query(String.class)
            .single();
    }

    private List<String> alertsOf(long rawId) {
        return jdbc.sql("SELECT kind FROM ops_alert WHERE raw_id = :id ORDER BY id")
            .param("id", rawId)
            .query(String.class)
            .list();
    }

}
