package io.paypipe.core.topic;

import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.support.serializer.ErrorHandlingDeserializer;
import org.springframework.kafka.support.serializer.JacksonJsonDeserializer;

/**
 * One topic of the catalogue: its name and its value type. Keys are always the order key
 * string ({@link io.paypipe.core.id.OrderKey#kafkaKey()}), so one order's records stay on
 * one partition. Values are JSON without type headers: the topic decides the type, not
 * the producer.
 */
public record Topic<V>(String name, Class<V> valueType) {

    /**
     * What a retry topic's name adds to its topic's; spring-kafka's index suffix
     * {@code -<level>} follows.
     */
    public static final String RETRY_SUFFIX = "-retry";

    /** What the dead-letter topic's name adds to its topic's. */
    public static final String DLT_SUFFIX = "-dlt";

    /**
     * The retry topic of level {@code level} (0-based), as spring-kafka names it with
     * index suffixes.
     */
    public String retry(int level) {
        return name + RETRY_SUFFIX + "-" + level;
    }

    /** The dead-letter topic. */
    public String dlt() {
        return name + DLT_SUFFIX;
    }

    public Serializer<String> keySerializer() {
        return new StringSerializer();
    }

    public Deserializer<String> keyDeserializer() {
        return new StringDeserializer();
    }

    public Serializer<V> valueSerializer() {
        return Json.serializer();
    }

    public Deserializer<V> valueDeserializer() {
        JacksonJsonDeserializer<V> deserializer = new JacksonJsonDeserializer<>(valueType, Json.MAPPER, false);
        deserializer.setUseTypeHeaders(false);
        return deserializer;
    }

    /**
     * A consumer factory for this topic on top of {@code config} (e.g. Boot's consumer
     * properties): the topic's deserializers wrapped in
     * {@link ErrorHandlingDeserializer}, so an unreadable record reaches the error
     * handler instead of stopping the consumer; manual offset commits; from the earliest
     * offset.
     */
    public DefaultKafkaConsumerFactory<String, V> consumerFactory(Map<String, Object> config) {
        Map<String, Object> merged = new HashMap<>(config);
        merged.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        merged.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        return new DefaultKafkaConsumerFactory<>(merged, new ErrorHandlingDeserializer<>(keyDeserializer()),
                new ErrorHandlingDeserializer<>(valueDeserializer()));
    }
}
