package io.paypipe.reconcile.watch;

import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topic;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.springframework.kafka.support.serializer.JacksonJsonDeserializer;

/**
 * Kafka Streams serdes on the catalogue's JSON mapping ({@link Json}): topic values as
 * their topic (de)serializes them, store keys and values the same way, never with type
 * headers.
 */
final class JsonSerdes {

    private JsonSerdes() {
    }

    static <V> Serde<V> of(Topic<V> topic) {
        return Serdes.serdeFrom(topic.valueSerializer(), topic.valueDeserializer());
    }

    static <V> Serde<V> of(Class<V> type) {
        JacksonJsonDeserializer<V> deserializer = new JacksonJsonDeserializer<>(type, Json.MAPPER, false);
        deserializer.setUseTypeHeaders(false);
        return Serdes.serdeFrom(Json.serializer(), deserializer);
    }

}
