package io.paypipe.reconcile.watch;

import io.paypipe.support.testing.TestAccounts;
import static io.paypipe.reconcile.watch.WatchDriver.notification;
import static io.paypipe.reconcile.watch.WatchDriver.order;
import static io.paypipe.reconcile.watch.WatchDriver.settlementOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.NotificationUnsettled;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.Channel;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.RestClient;

/**
 * The watchdog on the real broker and database, its deadline compressed to a few seconds:
 * a notification never settled raises one NOTIFICATION_UNSETTLED alert, a settled one
 * none and shows in the counts endpoint.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class SettlementWatchdogIntegrationTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    UnsettledAlerts alerts;

    @Autowired
    org.springframework.kafka.config.StreamsBuilderFactoryBean streams;

    @DynamicPropertySource
    static void infra(DynamicPropertyRegistry registry) {
        TestInfra.get().springProperties().forEach((k, v) -> registry.add(k, () -> v));
        registry.add("reconcile.watch.application-id", () -> "watch-it-" + UUID.randomUUID());
        registry.add("reconcile.watch.state-dir", () -> Path.of("target", "streams-" + UUID.randomUUID()));
        registry.add("reconcile.watch.settle-within", () -> "3s");
        registry.add("reconcile.watch.scan-interval", () -> "200ms");
        registry.add("reconcile.watch.commit-interval", () -> "100ms");
    }

    @Test
    void theWatchdogsConsumersGatherRecordsForAFetchInsteadOfFetchingEachAlone() {
        // Given the service's defaults
        // Then the running streams' configuration waits up to 200 ms for 64 KB per fetch
        assertThat(streams.getStreamsConfiguration())
            .containsEntry(org.apache.kafka.clients.consumer.ConsumerConfig.FETCH_MIN_BYTES_CONFIG, "65536")
            .containsEntry(org.apache.kafka.clients.consumer.ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "200");
    }

    @Test
    void unsettledNotificationRaisesOneAlertAndTheSettledOnesAreCountedAcrossPartitions() {
        // Given three notifications of a fresh merchant; the second and the third,
        // of orders on two different partitions, are settled in the same minute
        long rawId = ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_000_000_000L);
        String merchant = "it-" + rawId;
        Instant now = Instant.now();
        PaymentNotified unsettled = notification(rawId, Channel.ALIPAY, order(merchant, "O-" + rawId), now);
        PaymentNotified settled = notification(rawId + 1, Channel.ALIPAY, order(merchant, "O-" + (rawId + 1)), now);
        try (var producer = producer()) {
            int partitions = producer.partitionsFor(Topics.PAYMENT_SETTLED.name()).size();
            assertThat(partitions).as("partitions of payment.settled").isGreaterThan(1);
            PaymentNotified elsewhere = onAnotherPartition(settled, partitions, now);

            // When they and the two settlements are published
            for (PaymentNotified n : List.of(unsettled, settled, elsewhere)) {
                producer.send(new ProducerRecord<>(Topics.PAYMENT_NOTIFY.name(), n.orderKey().kafkaKey(), n));
            }
            for (PaymentNotified n : List.of(settled, elsewhere)) {
                producer.send(new ProducerRecord<>(Topics.PAYMENT_SETTLED.name(), n.orderKey().kafkaKey(),
                        settlementOf(n, RawOutcome.APPLIED, now)));
            }
        }

        // Then the unsettled one is alerted, once; the settled ones never
        await().atMost(Duration.ofSeconds(90)).until(() -> alertedRawIds(merchant), ids -> !ids.isEmpty());
        await().during(Duration.ofSeconds(2))
            .atMost(Duration.ofSeconds(10))
            .until(() -> alertedRawIds(merchant), ids -> ids.equals(List.of(rawId)));
        assertThat(alerts.raise(new NotificationUnsettled(NotificationUnsettled.idFor(unsettled.eventId()),
                unsettled.eventId(), rawId, Channel.ALIPAY, unsettled.orderKey(), now, now)))
            .as("a second report of the same notification stores no second alert")
            .isFalse();

        // And the counts endpoint has one row for the two, their parts (one per
        // partition's task) added up
        await().atMost(Duration.ofSeconds(30))
            .ignoreExceptions()
            .until(() -> RestClient.create("http://127.0.0.1:" + port)
                .get()
                .uri("/watch/counts?channel=alipay&merchant={m}&minutes=5", merchant)
                .header("Authorization", TestAccounts.VIEWER.authorization())
                .retrieve()
                .body(String.class),
                    body -> body.contains("\"merchant\":\"" + merchant + "\"")
                            && body.contains("\"outcome\":\"APPLIED\"") && body.contains("\"count\":2")
                            && !body.contains("\"count\":1"));
    }

    /** A notification of the same merchant whose order key lands on another partition. */
    private static PaymentNotified onAnotherPartition(PaymentNotified n, int partitions, Instant at) {
        int partition = partitionOf(n.orderKey().kafkaKey(), partitions);
        for (long rawId = n.rawId() + 1;; rawId++) {
            var key = order(n.orderKey().merchantId().value(), "O-" + rawId);
            if (partitionOf(key.kafkaKey(), partitions) != partition) {
                return notification(rawId, n.channel(), key, at);
            }
        }
    }

    /** The partition the producer's own partitioner gives a record with this key. */
    private static int partitionOf(String key, int partitions) {
        return BuiltInPartitioner.partitionForKey(key.getBytes(StandardCharsets.UTF_8), partitions);
    }

    private List<Long> alertedRawIds(String merchant) {
        return jdbc.sql("SELECT raw_id FROM ops_alert WHERE kind = 'NOTIFICATION_UNSETTLED' AND merchant_id = :m")
            .param("m", merchant)
            .query(Long.class)
            .list();
    }

    private static KafkaProducer<String, Object> producer() {
        return new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.get().bootstrapServers()),
                new StringSerializer(), Json.serializer());
    }

}
