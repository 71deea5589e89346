package io.paypipe.launcher;

import static io.paypipe.launcher.PipelineFixture.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.EmbeddedMariaDb;
import io.paypipe.embedded.EmbeddedKafkaBroker;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * The processor's database goes away while payment notifications wait for it, for longer
 * than the first retry levels: the records climb the retry topics, and once the database
 * is back every notification is applied exactly once (one ledger row, one shipment each)
 * and every raw row is settled.
 */
class DatabaseDownAtProcessorIntegrationTest {

    private static final int ORDERS = 3;

    /**
     * Long enough in all (about 30 s) that nothing reaches the dead-letter topic while
     * the database restarts.
     */
    private static final String LADDER = "300ms,600ms,1200ms,4s,8s,16s";

    private static final String NOTIFY = Topics.PAYMENT_NOTIFY.name();

    private static final String THIRD_LEVEL = Topics.PAYMENT_NOTIFY.retry(2);

    @Test
    void notificationsWaitOnTheRetryTopicsWhileTheDatabaseIsDownAndAllApplyOnceWhenItIsBack(@TempDir Path kafkaDir) {
        // data under target/, outside java.io.tmpdir, so it survives the restart (mvn
        // clean removes it)
        Path dir = Path.of("target", "db-down-" + UUID.randomUUID()).toAbsolutePath();
        // a broker of its own too: its order.paid records belong to this database, not to
        // the shared one
        EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(kafkaDir);
        EmbeddedMariaDb db = EmbeddedMariaDb.start(dir, 0, false);
        int port = db.port();
        db.createDatabase("paypipe");
        LocalPipeline.Settings settings = settings(broker.bootstrapServers(), db.jdbcUrl("paypipe"), db.username(),
                db.password(), 1000)
            .withExtra(PipelineService.PROCESSOR, "processor.retry-delays", LADDER)
            .withExtra(PipelineService.PROCESSOR, "spring.datasource.hikari.connection-timeout", "1000");
        String prefix = "DBD" + UUID.randomUUID().toString().replace("-", "").substring(0, 12).toUpperCase();
        List<String> outTradeNos = IntStream.range(0, ORDERS).mapToObj(i -> prefix + i).toList();
        try (var pipeline = LocalPipeline.start(settings,
                EnumSet.of(PipelineService.SANDBOX, PipelineService.INGRESS, PipelineService.PROCESSOR,
                        PipelineService.DOWNSTREAM));
                var topics = probe(broker.bootstrapServers(), List.of(NOTIFY, THIRD_LEVEL))) {
            JdbcClient jdbc = jdbc(pipeline, PipelineService.INGRESS);
            outTradeNos.forEach(o -> givenPendingOrder(pipeline, jdbc, o, 1_000));

            // Given payments the ingress stored and published while the processor did not
            // consume yet
            // (the container that reads payment.notify: the batch listener's, or the
            // per-record listener's with processor.batch.enabled=false)
            KafkaListenerEndpointRegistry registry = pipeline.bean(PipelineService.PROCESSOR,
                    KafkaListenerEndpointRegistry.class);
            List<MessageListenerContainer> notify = Stream.of("processor-notify-batch", "processor-payment-notify")
                .map(registry::getListenerContainer)
                .filter(c -> c != null && c.isRunning())
                .toList();
            assertThat(notify).isNotEmpty();
            notify.forEach(MessageListenerContainer::pause);
            await().atMost(Duration.ofSeconds(60))
                .until(() -> notify.stream().allMatch(MessageListenerContainer::isContainerPaused));
            outTradeNos.forEach(o -> payments(pipeline).pay(firstMerchant(pipeline), o, 1_000, null, 1));
            Set<String> published = new HashSet<>();
            await().atMost(Duration.ofSeconds(60)).until(() -> keysSeen(topics, NOTIFY, prefix, published));

            // When the database goes down and the processor consumes them
            db.close();
            notify.forEach(MessageListenerContainer::resume);

            // Then they climb past the first retry levels while the database stays down
            Set<String> waiting = new HashSet<>();
            await().atMost(Duration.ofSeconds(60)).until(() -> keysSeen(topics, THIRD_LEVEL, prefix, waiting));

            // When the database is back
            db = EmbeddedMariaDb.start(dir, port, true);

            // Then every notification is applied exactly once and every raw row is
            // settled
            await().atMost(Duration.ofSeconds(120))
                .untilAsserted(() -> assertThat(counts(jdbc, prefix))
                    .isEqualTo(new DemoCounts(ORDERS, ORDERS, ORDERS, ORDERS, ORDERS, ORDERS)));
            assertThat(jdbc.sql("SELECT COUNT(*) FROM pay_notify_raw WHERE out_trade_no LIKE :p AND handled = 1")
                .param("p", prefix + "%")
                .query(Long.class)
                .single()).isEqualTo(ORDERS);
        }
        finally {
            db.close();
            broker.close();
        }
    }

    /**
     * True once every order of {@code prefix} has a record on {@code topic}; polls once
     * more.
     */
    private static boolean keysSeen(KafkaConsumer<String, byte[]> topics, String topic, String prefix,
            Set<String> seen) {
        topics.poll(Duration.ofMillis(200)).forEach(r -> {
            if (r.topic().equals(topic) && r.key() != null && r.key().contains(prefix)) {
                seen.add(r.key());
            }
        });
        return seen.size() == ORDERS;
    }

    private static KafkaConsumer<String, byte[]> probe(String bootstrapServers, List<String> topicNames) {
        var consumer = new KafkaConsumer<>(Map.<String, Object>of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers, ConsumerConfig.GROUP_ID_CONFIG, "probe-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest", ConsumerConfig.METADATA_MAX_AGE_CONFIG, 500),
                new StringDeserializer(), new ByteArrayDeserializer());
        consumer.subscribe(topicNames);
        return consumer;
    }

}
