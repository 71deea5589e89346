package io.paypipe.processor.support;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads topics by name from the beginning as bytes (retry and dead-letter topics may hold
 * unreadable values).
 */
public final class BytesTopicReader implements AutoCloseable {

    private final KafkaConsumer<String, byte[]> consumer;

    private final List<ConsumerRecord<String, byte[]>> seen = new ArrayList<>();

    public BytesTopicReader(String bootstrapServers, List<String> topics) {
        consumer = new KafkaConsumer<>(
                Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers, ConsumerConfig.GROUP_ID_CONFIG,
                        "probe-" + UUID.randomUUID(), ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                        ConsumerConfig.METADATA_MAX_AGE_CONFIG, 500, ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                new StringDeserializer(), new ByteArrayDeserializer());
        consumer.subscribe(topics);
    }

    /** The records of one key on one topic read so far, after one more poll. */
    public List<ConsumerRecord<String, byte[]>> of(String topic, String key) {
        consumer.poll(Duration.ofMillis(200)).forEach(seen::add);
        return seen.stream().filter(r -> r.topic().equals(topic) && key.equals(r.key())).toList();
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(2));
    }

}
