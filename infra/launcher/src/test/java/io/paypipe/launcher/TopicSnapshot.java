package io.paypipe.launcher;

import io.paypipe.core.topic.Topic;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * A topic read from its beginning to its end as of now: the values that match, in
 * partition order. For tests that count one order's events ({@code order.paid},
 * {@code order.closed}) on the broker the whole JVM shares.
 */
final class TopicSnapshot {

    private TopicSnapshot() {
    }

    static <V> List<V> read(String bootstrapServers, Topic<V> topic, Predicate<V> wanted) {
        try (var consumer = new KafkaConsumer<>(
                Map.<String, Object>of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                new StringDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic.name(), Duration.ofSeconds(10))
                .stream()
                .map(p -> new TopicPartition(p.topic(), p.partition()))
                .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            List<V> values = new ArrayList<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(topic.name() + " not read to its end in 60 s");
                }
                for (var r : consumer.poll(Duration.ofMillis(200))) {
                    V value = r.value() == null ? null : topic.valueDeserializer().deserialize(r.topic(), r.value());
                    if (value != null && wanted.test(value)) {
                        values.add(value);
                    }
                }
            }
            return values;
        }
    }

}
