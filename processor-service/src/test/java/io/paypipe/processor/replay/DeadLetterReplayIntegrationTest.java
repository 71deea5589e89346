package io.paypipe.processor.replay;

import io.paypipe.support.testing.TestAccounts;
import static io.paypipe.processor.support.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.support.DeadLetterTopic;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import io.paypipe.support.testing.TopicReader;
import io.paypipe.support.testing.TopicWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Test 4: a dead letter the processor itself gave up on, replayed after its cause was
 * fixed, applies once; replayed again, still once; audited.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "processor.retry-delays=100ms,100ms", "processor.dead-letter-retry-delays=50ms" })
class DeadLetterReplayIntegrationTest extends ProcessorIntegrationBase {

    private static final Duration WAIT = Duration.ofSeconds(90);

    private static TopicWriter writer;

    private static TopicReader<OrderPaid> paid;

    private static DeadLetterTopic deadLetters;

    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @BeforeAll
    static void clients() throws Exception {
        String bootstrap = TestInfra.get().bootstrapServers();
        writer = new TopicWriter(bootstrap);
        paid = new TopicReader<>(bootstrap, Topics.ORDER_PAID);
        deadLetters = DeadLetterTopic.created();
    }

    @AfterAll
    static void closeClients() {
        writer.close();
        paid.close();
        deadLetters.close();
    }

    @Test
    void aDeadLetterReplayedAfterTheCauseIsFixedAppliesOnceAndAgainStillOnce() throws Exception {
        // Given a notification, published as ingress does (with its raw-id header), for
        // an order that does not exist
        // yet: the processor takes its whole (compressed) ladder and gives it up itself
        OrderKey key = newOrderKey();
        ChannelTradeNo tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 2500);
        writer.sendBytes(Topics.PAYMENT_NOTIFY.name(), key.kafkaKey(),
                Json.MAPPER.writeValueAsBytes(succeeded(rawId, key, tradeNo, 2500, 2500)),
                Map.of(NotifyHeaders.RAW_ID, NotifyHeaders.rawIdValue(rawId)));
        await().atMost(WAIT).untilAsserted(() -> assertThat(db.outcome(rawId)).isEqualTo("UNKNOWN_ORDER"));
        assertThat(db.handled(rawId)).isEqualTo(2);

        // When an operator lists the dead letters and looks at it
        JsonNode listed = get("/ops/dead-letters?errorClass=OrderNotFoundException&merchant=" + MERCHANT.value()
                + "&channel=wechatpay&from=" + Instant.now().minusSeconds(600));
        JsonNode entry = listed.valueStream()
            .filter(n -> key.kafkaKey().equals(n.get("key").asString()))
            .reduce((a, b) -> {
                throw new AssertionError("listed twice: " + a + ", " + b);
            })
            .orElseThrow(() -> new AssertionError("not listed: " + key));
        DeadLetterAt dlt = new DeadLetterAt(entry.get("partition").asInt(), entry.get("offset").asLong());
        JsonNode shown = get("/ops/dead-letters/" + dlt.partition() + "/" + dlt.offset());

        // Then it is there, with its error, the DLT headers spring-kafka wrote as text
        // and a payload summary
        assertThat(shown.get("causeClass").asString()).isEqualTo("io.paypipe.processor.failure.OrderNotFoundException");
        assertThat(shown.get("headers").get("kafka_original-topic").asString()).isEqualTo(Topics.PAYMENT_NOTIFY.name());
        assertThat(jdbc.sql("SELECT attempts FROM pay_notify_raw WHERE id = :id")
            .param("id", rawId)
            .query(Integer.class)
            .single()).as("one attempt per level of the 2-level ladder, plus the first").isEqualTo(3);
        assertThat(shown.get("headers").get(NotifyHeaders.RAW_ID).asString()).isEqualTo(Long.toString(rawId));
        assertThat(shown.get("payload").get("rawId").asLong()).isEqualTo(rawId);
        assertThat(shown.has("valueBytes")).isFalse();

        // When the cause is fixed (the order arrives) and the dead letter is replayed
        writer.send(Topics.ORDER_CREATED, key.kafkaKey(), orderCreated(key, 2500));
        await().atMost(WAIT).untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PENDING"));
        JsonNode first = replay("order " + key.outTradeNo().value() + " arrived late", dlt);

        // Then the order is paid once, one ledger row, the raw row is settled, order.paid
        // published
        assertThat(first.get("records").get(0).get("status").asString()).isEqualTo("PUBLISHED");
        await().atMost(WAIT).untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PAID"));
        await().atMost(WAIT).untilAsserted(() -> assertThat(db.handled(rawId)).isEqualTo(1));
        assertThat(ledgerRows(tradeNo)).isOne();
        await().atMost(WAIT).untilAsserted(() -> assertThat(paidEventsFor(key)).hasSize(1));

        // When it is replayed again
        JsonNode second = replay("second look", dlt);

        // Then it is a duplicate: order.paid again with the same event id, still one
        // ledger row
        await().atMost(WAIT).untilAsserted(() -> assertThat(paidEventsFor(key)).hasSize(2));
        assertThat(paidEventsFor(key)).extracting(OrderPaid::eventId)
            .containsOnly(OrderPaid.idFor(paidEventsFor(key).getFirst().channel(), tradeNo));
        assertThat(ledgerRows(tradeNo)).isOne();
        assertThat(db.handled(rawId)).isEqualTo(1);

        // And both replays are audited: who, why, which record, where it went
        JsonNode audit = get("/ops/replays/" + first.get("replayId").asString());
        assertThat(audit.get("requestedBy").asString()).isEqualTo(TestAccounts.OPERATOR.user());
        assertThat(audit.get("reason").asString()).contains("arrived late");
        JsonNode row = audit.get("records").get(0);
        assertThat(row.get("dltPartition").asInt()).isEqualTo(dlt.partition());
        assertThat(row.get("dltOffset").asLong()).isEqualTo(dlt.offset());
        assertThat(row.get("rawId").asLong()).isEqualTo(rawId);
        assertThat(row.get("status").asString()).isEqualTo("PUBLISHED");
        assertThat(row.get("targetOffset").isNull()).isFalse();
        assertThat(jdbc.sql("""
                SELECT COUNT(*) FROM dlt_replay r JOIN dlt_replay_record x ON x.replay_id = r.replay_id
                 WHERE x.raw_id = :raw AND x.status = 'PUBLISHED' AND r.requested_by = :by""")
            .param("raw", rawId)
            .param("by", TestAccounts.OPERATOR.user())
            .query(Long.class)
            .single()).isEqualTo(2);
        assertThat(second.get("replayId").asString()).isNotEqualTo(first.get("replayId").asString());
    }

    @Test
    void theSameReplayIdDoesNotPublishTheSameDeadLetterTwice() throws Exception {
        // Given a dead letter replayed under an operator-chosen replay id
        OrderKey key = newOrderKey();
        RecordMetadata dlt = deadLetters.orderNotFound(key, "poison".getBytes(), "failed to deserialize");
        String body = """
                {"replayId":"%s","reason":"retry of my request","records":[{"partition":%d,"offset":%d}]}"""
            .formatted("r-" + key.outTradeNo().value(), dlt.partition(), dlt.offset());
        assertThat(post(body).statusCode()).isEqualTo(200);

        // When the same request is sent again
        HttpResponse<String> again = post(body);

        // Then the record is not published again, and there is one audit row
        assertThat(Json.MAPPER.readTree(again.body()).get("records").get(0).get("status").asString())
            .isEqualTo("ALREADY_PUBLISHED");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM dlt_replay_record WHERE replay_id = :id")
            .param("id", "r-" + key.outTradeNo().value())
            .query(Long.class)
            .single()).isOne();
    }

    @Test
    void aReplayWithoutReasonOrSelectionIsRefused() throws Exception {
        assertThat(post("{\"records\":[{\"partition\":0,\"offset\":0}]}").statusCode()).isEqualTo(400);
        assertThat(post("{\"reason\":\"x\"}").statusCode()).isEqualTo(400);
        assertThat(post("{\"reason\":\"x\",\"filter\":{}}").statusCode()).isEqualTo(400);
    }

    /** Where a dead letter is on the dead-letter topic. */
    record DeadLetterAt(int partition, long offset) {
    }

    private JsonNode replay(String why, DeadLetterAt dlt) throws Exception {
        HttpResponse<String> response = post(Json.MAPPER.writeValueAsString(Map.of("reason", why, "records",
                List.of(Map.of("partition", dlt.partition(), "offset", dlt.offset())))));
        assertThat(response.statusCode()).isEqualTo(200);
        return Json.MAPPER.readTree(response.body());
    }

    private HttpResponse<String> post(String json) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/ops/dead-letters/replay"))
            .header("Authorization", TestAccounts.OPERATOR.authorization())
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode get(String path) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
            .header("Authorization", TestAccounts.OPERATOR.authorization())
            .GET()
            .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return Json.MAPPER.readTree(response.body());
    }

    private List<OrderPaid> paidEventsFor(OrderKey key) {
        return paid.values().stream().filter(e -> e.orderKey().equals(key)).toList();
    }

    private long ledgerRows(ChannelTradeNo tradeNo) {
        return jdbc.sql("SELECT COUNT(*) FROM payment_ledger WHERE channel_trade_no = :v")
            .param("v", tradeNo.value())
            .query(Long.class)
            .single();
    }

}
