package io.paypipe.support.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.paypipe.core.contract.PublishedSchemas;
import io.paypipe.embedded.TestInfra;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Checks every event the suite publishes against its published schema
 * ({@code docs/events/schemas}, docs/events.md): after each test class of a JVM whose
 * shared broker ({@link TestInfra}) was started, every record that reached a catalogue
 * topic since the last check is read (read_committed, to the end offsets taken at the
 * start of the check) and validated; a record that does not conform fails the class that
 * was running, naming topic, partition, offset and what is wrong (never the value).
 * Registered for every test class through JUnit's extension auto-detection (the test
 * jar's {@code META-INF/services}, switched on in the parent pom's surefire settings).
 * Records a test wrote as raw bytes ({@link TopicWriter#sendBytes}, e.g. deliberately
 * unreadable ones) carry {@link TopicWriter#UNCHECKED_HEADER} and are skipped, as are
 * replayed dead letters ({@link #REPLAY_HEADER}: the bytes they had); a check that cannot
 * read to the end fails instead of passing on what it read.
 */
public final class PublishedEventsConform implements AfterAllCallback {

    private static final Duration READ_BUDGET = Duration.ofSeconds(30);

    /**
     * The header of a dead letter an operator replayed (processor-service's
     * {@code Replays.REPLAY_ID_HEADER}): a replay publishes the bytes the dead letter
     * had, whatever they were, so it is not a new event of the product's.
     */
    static final String REPLAY_HEADER = "paypipe-replay-id";

    private static final Map<String, Long> VALIDATED = new ConcurrentHashMap<>();

    private static Reader reader;

    /** How many records of {@code topic} this JVM validated so far. */
    public static long validated(String topic) {
        return VALIDATED.getOrDefault(topic, 0L);
    }

    /**
     * Validates what was published since the last check now (e.g. at the end of a test).
     */
    public static synchronized List<String> checkNow() {
        Optional<TestInfra> infra = TestInfra.ifStarted();
        if (infra.isEmpty()) {
            return List.of();
        }
        if (reader == null) {
            reader = new Reader(infra.get().bootstrapServers(), PublishedSchemas.load());
        }
        return reader.readAndValidate();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        List<String> violations = checkNow();
        if (!violations.isEmpty()) {
            throw new AssertionError("events published while " + context.getDisplayName()
                    + " ran do not conform to docs/events/schemas:\n  " + String.join("\n  ", violations));
        }
    }

    private static final class Reader {

        private final KafkaConsumer<String, byte[]> consumer;

        private final PublishedSchemas schemas;

        private final Map<TopicPartition, Long> next = new HashMap<>();

        Reader(String bootstrapServers, PublishedSchemas schemas) {
            this.schemas = schemas;
            this.consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                    ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed", ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                    false, ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000), new StringDeserializer(),
                    new ByteArrayDeserializer());
        }

        List<String> readAndValidate() {
            List<TopicPartition> partitions = new ArrayList<>();
            consumer.listTopics(Duration.ofSeconds(10))
                .forEach((topic, infos) -> infos.stream()
                    .filter(info -> schemas.covers(topic))
                    .forEach(info -> partitions.add(new TopicPartition(topic, info.partition()))));
            if (partitions.isEmpty()) {
                return List.of();
            }
            consumer.assign(partitions);
            Map<TopicPartition, Long> beginning = consumer.beginningOffsets(partitions);
            partitions.forEach(tp -> consumer.seek(tp, next.getOrDefault(tp, beginning.get(tp))));
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            List<String> violations = new ArrayList<>();
            long deadline = System.nanoTime() + READ_BUDGET.toNanos();
            while (behind(partitions, end) && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    validate(record, violations);
                }
            }
            partitions.forEach(tp -> next.put(tp, consumer.position(tp)));
            partitions.stream()
                .filter(tp -> consumer.position(tp) < end.get(tp))
                .forEach(tp -> violations.add(tp + ": read to offset " + consumer.position(tp) + " of " + end.get(tp)
                        + " within " + READ_BUDGET + "; the rest is unchecked"));
            return violations;
        }

        private boolean behind(List<TopicPartition> partitions, Map<TopicPartition, Long> end) {
            return partitions.stream().anyMatch(tp -> consumer.position(tp) < end.get(tp));
        }

        private void validate(ConsumerRecord<String, byte[]> record, List<String> violations) {
            if (record.headers().lastHeader(TopicWriter.UNCHECKED_HEADER) != null
                    || record.headers().lastHeader(REPLAY_HEADER) != null) {
                return;
            }
            VALIDATED.merge(record.topic(), 1L, Long::sum);
            schemas.violations(record.topic(), record.value())
                .forEach(v -> violations
                    .add(record.topic() + "-" + record.partition() + "@" + record.offset() + " " + v));
        }

    }

}
