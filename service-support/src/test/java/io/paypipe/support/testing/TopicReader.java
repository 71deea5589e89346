package io.paypipe.support.testing;

import io.paypipe.core.topic.Topic;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * Reads a topic from the beginning with a throw-away group, for assertions on what was
 * published.
 */
public final class TopicReader<V> implements AutoCloseable {

    private final KafkaConsumer<String, V> consumer;

    private final List<ConsumerRecord<String, V>> seen = new ArrayList<>();

    public TopicReader(String bootstrapServers, Topic<V> topic) {
        consumer = new KafkaConsumer<>(
                Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers, ConsumerConfig.GROUP_ID_CONFIG,
                        "probe-" + UUID.randomUUID(), ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                topic.keyDeserializer(), topic.valueDeserializer());
        consumer.subscribe(List.of(topic.name()));
    }

    /** Everything read so far, after one more poll. */
    public List<ConsumerRecord<String, V>> poll() {
        consumer.poll(Duration.ofMillis(200)).forEach(seen::add);
        return List.copyOf(seen);
    }

    public List<V> values() {
        return poll().stream().map(ConsumerRecord::value).toList();
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(2));
    }

}
