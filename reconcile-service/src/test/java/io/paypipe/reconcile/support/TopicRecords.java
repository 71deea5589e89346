package io.paypipe.reconcile.support;

import static org.awaitility.Awaitility.await;

import io.paypipe.core.topic.Topic;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Reads a topic from the beginning, every partition, with the topic's own deserializers:
 * what was published under a key, up to the end offsets at the time of the call.
 */
public final class TopicRecords<V> implements AutoCloseable {

    private final KafkaConsumer<String, V> consumer;

    private final List<TopicPartition> partitions;

    private final List<ConsumerRecord<String, V>> seen = new ArrayList<>();

    public TopicRecords(Topic<V> topic, String bootstrapServers) {
        consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest", ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                topic.keyDeserializer(), topic.valueDeserializer());
        partitions = consumer.partitionsFor(topic.name())
            .stream()
            .map(p -> new TopicPartition(p.topic(), p.partition()))
            .toList();
        consumer.assign(partitions);
    }

    /** Every record published so far under {@code key}. */
    public synchronized List<ConsumerRecord<String, V>> recordsFor(String key) {
        Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
        await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(10)).until(() -> {
            consumer.poll(Duration.ofMillis(50)).forEach(seen::add);
            return end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
        });
        return seen.stream().filter(r -> key.equals(r.key())).toList();
    }

    @Override
    public synchronized void close() {
        consumer.close(Duration.ofSeconds(2));
    }

}
