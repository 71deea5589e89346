package io.paypipe.downstream;

import io.paypipe.support.testing.TestAccounts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.OrderRefunded;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * {@code /ops/consumers} of the reference consumers on the real broker and database:
 * while they are paused an {@code OrderPaid} waits on {@code order.paid} (both groups'
 * committed offsets stay where they were, no shipment, no grant); after the resume it
 * ships and grants once.
 */
class ConsumersPauseIntegrationTest {

    private static final List<String> GROUPS = List.of("warehouse", "points");

    private static DownstreamTopic<OrderPaid> paidTopic;

    private static DownstreamTopic<OrderRefunded> refundedTopic;

    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void topics() {
        paidTopic = new DownstreamTopic<>(Topics.ORDER_PAID);
        refundedTopic = new DownstreamTopic<>(Topics.ORDER_REFUNDED);
    }

    @AfterAll
    static void close() {
        paidTopic.close();
        refundedTopic.close();
    }

    @Test
    void givenPausedConsumersWhenAnOrderIsPaidThenItShipsOnlyAfterTheResume() throws Exception {
        ConfigurableApplicationContext downstream = DownstreamTopic.startDownstream();
        JdbcClient jdbc = downstream.getBean(JdbcClient.class);
        int port = Integer.parseInt(downstream.getEnvironment().getProperty("local.server.port"));
        try {
            // Given every consumer of the reference consumers paused, and nothing left to
            // read before
            paidTopic.awaitConsumedToTheEnd(GROUPS);
            HttpResponse<String> paused = post(port, "/ops/consumers/pause?reason=ingress-alone");
            assertThat(paused.statusCode()).as(paused.body()).isEqualTo(200);
            JsonNode view = Json.MAPPER.readTree(paused.body());
            assertThat(view.get("paused").asBoolean()).isTrue();
            assertThat(view.get("containers").valueStream().map(c -> c.get("id").asString()).toList())
                .containsExactly("points", "points-refunds", "warehouse");
            assertThat(gauge(downstream)).isEqualTo(1.0);

            // When an order is paid
            OrderPaid paid = OrderPaids.ofOneOrder().paid(4_200);
            paidTopic.publish(paid.orderKey().kafkaKey(), paid);

            // Then for as long as the pause lasts neither group reads it
            await().during(Duration.ofSeconds(4)).atMost(Duration.ofSeconds(6)).untilAsserted(() -> {
                assertThat(paidTopic.lag(GROUPS)).isEqualTo(Map.of("warehouse", 1L, "points", 1L));
                assertThat(shipments(jdbc, paid)).isZero();
            });

            // When the consumers are resumed
            HttpResponse<String> resumed = post(port, "/ops/consumers/resume?reason=downstream-drain");
            assertThat(resumed.statusCode()).as(resumed.body()).isEqualTo(200);
            assertThat(Json.MAPPER.readTree(resumed.body()).get("paused").asBoolean()).isFalse();

            // Then it ships once and grants its points once
            paidTopic.awaitConsumedToTheEnd(GROUPS);
            assertThat(shipments(jdbc, paid)).isOne();
            assertThat(jdbc.sql("SELECT COUNT(*) FROM points_grant WHERE event_id = :id")
                .param("id", paid.eventId().value())
                .query(Long.class)
                .single()).isOne();
            assertThat(gauge(downstream)).isZero();
        }
        finally {
            downstream.close();
        }
    }

    @Test
    void givenNoReasonWhenPausingThenTheAnswerIs400() throws Exception {
        ConfigurableApplicationContext downstream = DownstreamTopic.startDownstream();
        int port = Integer.parseInt(downstream.getEnvironment().getProperty("local.server.port"));
        try {
            assertThat(post(port, "/ops/consumers/pause").statusCode()).isEqualTo(400);

            assertThat(gauge(downstream)).isZero();
        }
        finally {
            downstream.close();
        }
    }

    private static long shipments(JdbcClient jdbc, OrderPaid paid) {
        return jdbc.sql("SELECT COUNT(*) FROM shipment WHERE event_id = :id")
            .param("id", paid.eventId().value())
            .query(Long.class)
            .single();
    }

    private static double gauge(ConfigurableApplicationContext context) {
        return context.getBean(MeterRegistry.class)
            .get("paypipe.consumers.paused")
            .tag("service", "downstream")
            .gauge()
            .value();
    }

    private HttpResponse<String> post(int port, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Authorization", TestAccounts.OPERATOR.authorization())
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.noBody())
            .build(), HttpResponse.BodyHandlers.ofString());
    }

}
