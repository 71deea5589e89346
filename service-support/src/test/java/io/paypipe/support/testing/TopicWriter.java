package io.paypipe.support.testing;

import io.paypipe.core.topic.Topic;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Publishes test records exactly as the owning service would: keyed by the order,
 * acks=all. Each send waits for the broker and returns where the record landed.
 */
public final class TopicWriter implements AutoCloseable {

    /**
     * The header {@link #sendBytes} adds: a record written as raw bytes (deliberately
     * unreadable, or hand-made) is not checked against the published schemas
     * ({@link PublishedEventsConform}).
     */
    public static final String UNCHECKED_HEADER = "paypipe-test-unchecked";

    private final String bootstrapServers;

    private final Map<Topic<?>, KafkaProducer<String, ?>> producers = new HashMap<>();

    private KafkaProducer<String, byte[]> bytes;

    public TopicWriter(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
    }

    @SuppressWarnings("unchecked")
    public <V> RecordMetadata send(Topic<V> topic, String key, V value) {
        var producer = (KafkaProducer<String, V>) producers
            .computeIfAbsent(topic,
                    t -> new KafkaProducer<>(
                            Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                                    ProducerConfig.ACKS_CONFIG, "all"),
                            topic.keySerializer(), topic.valueSerializer()));
        try {
            return producer.send(new ProducerRecord<>(topic.name(), key, value)).get(10, TimeUnit.SECONDS);
        }
        catch (Exception e) {
            throw new IllegalStateException("test publish to " + topic.name() + " failed", e);
        }
    }

    /** Publishes bytes as they are, e.g. a record no deserializer can read. */
    public RecordMetadata sendBytes(String topic, String key, byte[] value) {
        return sendBytes(topic, key, value, Map.of());
    }

    /** Publishes bytes as they are, with headers (e.g. ingress's raw-id header). */
    public RecordMetadata sendBytes(String topic, String key, byte[] value, Map<String, byte[]> headers) {
        if (bytes == null) {
            bytes = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                    ProducerConfig.ACKS_CONFIG, "all"), new StringSerializer(), new ByteArraySerializer());
        }
        try {
            var record = new ProducerRecord<>(topic, key, value);
            headers.forEach((name, v) -> record.headers().add(name, v));
            record.headers().add(UNCHECKED_HEADER, new byte[] { 1 });
            return bytes.send(record).get(10, TimeUnit.SECONDS);
        }
        catch (Exception e) {
            throw new IllegalStateException("test publish to " + topic + " failed", e);
        }
    }

    @Override
    public void close() {
        producers.values().forEach(KafkaProducer::close);
        if (bytes != null) {
            bytes.close();
        }
    }

}
