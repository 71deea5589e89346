package io.paypipe.processor.pause;

import io.paypipe.support.testing.TestAccounts;
import static io.paypipe.processor.support.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import io.paypipe.support.testing.TopicWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;

/**
 * {@code /ops/consumers} on a real broker and database: while the payment consumers are
 * paused a payment waits on {@code payment.notify} (its offset is not committed, its
 * order stays PENDING) while orders are still stored; after the resume it applies. A
 * pause longer than {@code processor.pause-alert-after} leaves a CONSUMERS_PAUSED alert.
 */
@DirtiesContext
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "processor.pause-alert-after=2s")
class PaymentConsumersPauseIntegrationTest extends ProcessorIntegrationBase {

    private static final String GROUP = "processor-payment-notify";

    private static TopicWriter writer;

    private static Admin admin;

    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Autowired
    MeterRegistry meters;

    @BeforeAll
    static void clients() {
        writer = new TopicWriter(TestInfra.get().bootstrapServers());
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.get().bootstrapServers()));
    }

    @AfterAll
    static void closeClients() {
        writer.close();
        admin.close();
    }

    @AfterEach
    void resumed() throws Exception {
        post("/ops/consumers/resume?reason=cleanup");
    }

    @Test
    void givenPausedConsumersWhenAPaymentArrivesThenItWaitsUntilTheResumeAndOrdersAreStillStored() throws Exception {
        // Given the payment consumers paused by an operator
        long alertsBefore = pauseAlerts();
        HttpResponse<String> paused = post("/ops/consumers/pause?reason=stage-test");
        assertThat(paused.statusCode()).as(paused.body()).isEqualTo(200);
        JsonNode view = Json.MAPPER.readTree(paused.body());
        assertThat(view.get("paused").asBoolean()).isTrue();
        assertThat(view.get("containers").valueStream().toList()).isNotEmpty().allSatisfy(c -> {
            assertThat(c.get("paused").asBoolean()).isTrue();
            assertThat(c.get("topics").valueStream().map(JsonNode::asString).toList())
                .allMatch(t -> t.startsWith("payment.notify"));
        });
        assertThat(view.get("containers").valueStream().map(c -> c.get("topics").get(0).asString()))
            .contains("payment.notify", "payment.notify-retry-0");
        assertThat(gauge()).isEqualTo(1.0);

        // When an order is created (order.created is not paused) and then paid
        OrderKey key = newOrderKey();
        writer.send(Topics.ORDER_CREATED, key.kafkaKey(), orderCreated(key, 1200));
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PENDING"));
        long committedBefore = committedOnPaymentNotify();
        ChannelTradeNo tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 1200);
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 1200, 1200));

        // Then for as long as the pause lasts nothing is applied nor committed
        await().during(Duration.ofSeconds(4)).atMost(Duration.ofSeconds(6)).untilAsserted(() -> {
            assertThat(db.status(key)).isEqualTo("PENDING");
            assertThat(db.handled(rawId)).isZero();
            assertThat(committedOnPaymentNotify()).isEqualTo(committedBefore);
        });
        // and a pause longer than processor.pause-alert-after (2 s here) left its alert
        await().untilAsserted(() -> assertThat(pauseAlerts()).isEqualTo(alertsBefore + 1));
        assertThat(Json.MAPPER.readTree(get("/ops/consumers").body()).get("paused").asBoolean()).isTrue();

        // When the operator resumes
        HttpResponse<String> resumed = post("/ops/consumers/resume?reason=stage-test-done");
        assertThat(resumed.statusCode()).as(resumed.body()).isEqualTo(200);
        assertThat(Json.MAPPER.readTree(resumed.body()).get("paused").asBoolean()).isFalse();

        // Then the payment applies and its offset is committed
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PAID"));
        await().untilAsserted(() -> assertThat(committedOnPaymentNotify()).isGreaterThan(committedBefore));
        assertThat(gauge()).isZero();
    }

    @Test
    void givenPausedConsumersWhenPausedAgainThenTheAnswerIsTheSame() throws Exception {
        assertThat(post("/ops/consumers/pause?reason=first").statusCode()).isEqualTo(200);

        HttpResponse<String> again = post("/ops/consumers/pause?reason=second");

        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(Json.MAPPER.readTree(again.body()).get("paused").asBoolean()).isTrue();
        assertThat(post("/ops/consumers/resume?reason=done").statusCode()).isEqualTo(200);
        assertThat(post("/ops/consumers/resume?reason=done-again").statusCode()).isEqualTo(200);
        assertThat(gauge()).isZero();
    }

    @Test
    void givenNoReasonOrSomeoneElsesNameWhenPausingThenTheAnswerIs400AndNothingIsPaused() throws Exception {
        // the person is the signed-in account: a by naming someone else is refused
        HttpResponse<String> someoneElse = post("/ops/consumers/pause?by=mallory&reason=why");
        assertThat(someoneElse.statusCode()).isEqualTo(400);
        assertThat(someoneElse.body()).contains("by is taken from your sign-in");
        assertThat(post("/ops/consumers/pause").statusCode()).isEqualTo(400);
        assertThat(post("/ops/consumers/resume?reason=").statusCode()).isEqualTo(400);

        assertThat(Json.MAPPER.readTree(get("/ops/consumers").body()).get("paused").asBoolean()).isFalse();
        assertThat(gauge()).isZero();
    }

    private long pauseAlerts() {
        return db.count(
                "SELECT COUNT(*) FROM ops_alert WHERE kind = :v AND alert_key LIKE 'CONSUMERS_PAUSED:processor:%'",
                "CONSUMERS_PAUSED");
    }

    private double gauge() {
        return meters.get("paypipe.consumers.paused").tag("service", "processor").gauge().value();
    }

    /** The group's committed offsets on payment.notify, summed over its partitions. */
    private long committedOnPaymentNotify() throws Exception {
        return admin.listConsumerGroupOffsets(GROUP)
            .partitionsToOffsetAndMetadata()
            .get(10, TimeUnit.SECONDS)
            .entrySet()
            .stream()
            .filter(e -> e.getKey().topic().equals(Topics.PAYMENT_NOTIFY.name()) && e.getValue() != null)
            .map(Map.Entry::getValue)
            .mapToLong(OffsetAndMetadata::offset)
            .sum();
    }

    private HttpResponse<String> post(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Authorization", TestAccounts.OPERATOR.authorization())
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.noBody())
            .build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Authorization", TestAccounts.OPERATOR.authorization())
            .build(), HttpResponse.BodyHandlers.ofString());
    }

}
