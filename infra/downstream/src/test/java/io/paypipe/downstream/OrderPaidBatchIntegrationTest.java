package io.paypipe.downstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.OrderRefunded;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.test.util.ReflectionTestUtils;

/**
 * The batch listeners on the real broker and database: a poll's records are applied in
 * one transaction, each event id once, whatever the batch repeats or the table holds
 * already; an unreadable record is left to the error handler as before batches while the
 * others are applied; {@code downstream.concurrency} sets the consumers per listener.
 * Records are published while the consumers are stopped and under one key (one
 * partition), so the first poll after the start reads them together; the INFO summary of
 * each batch says what it did.
 */
@ExtendWith(OutputCaptureExtension.class)
class OrderPaidBatchIntegrationTest {

    private static final List<String> GROUPS = List.of("warehouse", "points");

    private static DownstreamTopic<OrderPaid> topic;

    @BeforeAll
    static void topic() {
        topic = new DownstreamTopic<>(Topics.ORDER_PAID);
    }

    @AfterAll
    static void close() {
        topic.close();
    }

    @Test
    void aBatchWithAnEventTwiceAndOneAppliedAlreadyAppliesEachEventOnceInOneTransaction(CapturedOutput output) {
        // Given one event applied already (consumed and committed by both groups)
        OrderPaids order = OrderPaids.ofOneOrder();
        OrderPaid applied = order.paid(12_899);
        consume(() -> topic.publish(applied.orderKey().kafkaKey(), applied));

        // When, with the consumers stopped, one partition receives that event again, a
        // new one twice and another new one, and the consumers start
        OrderPaid twice = order.paid(5_000);
        OrderPaid once = order.paid(100);
        for (OrderPaid paid : List.of(applied, twice, twice, once)) {
            topic.publish(paid.orderKey().kafkaKey(), paid);
        }
        consume(() -> {
        });

        // Then each event shipped once and granted its points once
        JdbcClient jdbc = OrderPaids.jdbc();
        assertThat(OrderPaids.shipments(jdbc, order)).containsExactlyInAnyOrderEntriesOf(
                Map.of(applied.eventId().value(), 1L, twice.eventId().value(), 1L, once.eventId().value(), 1L));
        assertThat(OrderPaids.grantedPoints(jdbc, order)).containsExactlyInAnyOrderEntriesOf(
                Map.of(applied.eventId().value(), 128L, twice.eventId().value(), 50L, once.eventId().value(), 1L));
        // and each group read the four records as one batch, in one transaction
        for (String consumer : GROUPS) {
            assertThat(output.getOut())
                .containsPattern(consumer + ": batch of 4 records \\(order\\.paid-\\d+@\\d+\\.\\.\\d+\\)"
                        + ": 2 applied, 1 already applied, 1 repeated in the batch; one transaction");
        }
    }

    @Test
    void aBatchWithAnUnreadableRecordAppliesTheOthersAndLeavesItToTheErrorHandler(CapturedOutput output) {
        // Given, with the consumers stopped, one partition receiving an event, a record
        // that is not an OrderPaid, and another event
        OrderPaids order = OrderPaids.ofOneOrder();
        OrderPaid before = order.paid(2_000);
        OrderPaid after = order.paid(3_000);
        topic.publish(before.orderKey().kafkaKey(), before);
        String bad = topic.publishBytes(before.orderKey().kafkaKey(), "{not json".getBytes(StandardCharsets.UTF_8));
        topic.publish(after.orderKey().kafkaKey(), after);

        // When the consumers start and read the partition to its end
        consume(() -> {
        });

        // Then both events were applied once
        JdbcClient jdbc = OrderPaids.jdbc();
        assertThat(OrderPaids.shipments(jdbc, order))
            .containsExactlyInAnyOrderEntriesOf(Map.of(before.eventId().value(), 1L, after.eventId().value(), 1L));
        assertThat(OrderPaids.grantedPoints(jdbc, order))
            .containsExactlyInAnyOrderEntriesOf(Map.of(before.eventId().value(), 20L, after.eventId().value(), 30L));
        // and the unreadable record went to the error handler, which logged it at ERROR
        // and skipped it, once per group, as it did for the record listeners
        for (String consumer : GROUPS) {
            assertThat(output.getOut()).contains(consumer + ": batch of 1 records")
                .contains("; then unreadable record " + bad + " left to the error handler");
        }
        assertThat(output.getOut().split("exhausted for " + bad, -1)).as("error handler lines naming " + bad)
            .hasSize(GROUPS.size() + 1);
    }

    @Test
    void theConcurrencySettingSetsTheConsumersOfEachListener() throws Exception {
        // Given order.refunded exists too
        new DownstreamTopic<>(Topics.ORDER_REFUNDED).close();

        // When the application starts with three consumer threads per listener
        ConfigurableApplicationContext downstream = DownstreamTopic.startDownstream("--downstream.concurrency=3");
        try (Admin admin = Admin
            .create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.get().bootstrapServers()))) {
            // Then each listener container runs three consumers, and each consumer group
            // has three members on the broker
            List<String> listeners = List.of("warehouse", "points", "points-refunds");
            KafkaListenerEndpointRegistry registry = downstream.getBean(KafkaListenerEndpointRegistry.class);
            for (String id : listeners) {
                var container = (ConcurrentMessageListenerContainer<?, ?>) registry.getListenerContainer(id);
                assertThat(container.getContainers()).as(id).hasSize(3);
                // and, from the defaults, a fetch waits up to 100 ms for 64 KB
                var consumers = (org.springframework.kafka.core.ConsumerFactory<?, ?>) ReflectionTestUtils
                    .getField(container, "consumerFactory");
                assertThat(consumers.getConfigurationProperties()).as(id)
                    .containsEntry(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, 65536)
                    .containsEntry(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 100);
            }
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
                Map<String, ConsumerGroupDescription> groups = admin.describeConsumerGroups(listeners)
                    .all()
                    .get(30, TimeUnit.SECONDS);
                listeners.forEach(id -> assertThat(groups.get(id).members()).as(id).hasSize(3));
            });
        }
        finally {
            downstream.close();
        }
    }

    /**
     * Starts the application, does {@code action}, waits until both groups committed the
     * end of {@code order.paid}, stops it.
     */
    private static void consume(Runnable action) {
        ConfigurableApplicationContext downstream = DownstreamTopic.startDownstream();
        try {
            action.run();
            topic.awaitConsumedToTheEnd(GROUPS);
        }
        finally {
            downstream.close();
        }
    }

}
