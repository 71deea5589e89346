package io.paypipe.core.topic;

import org.springframework.kafka.support.serializer.JacksonJsonSerializer;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The one JSON mapping of the event wire format. */
public final class Json {

    public static final JsonMapper MAPPER = JsonMapper.builder()
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .build();

    private Json() {
    }

    /**
     * The JSON serializer of every event value: the catalogue's mapping, no type headers.
     */
    public static <T> JacksonJsonSerializer<T> serializer() {
        JacksonJsonSerializer<T> serializer = new JacksonJsonSerializer<>(MAPPER);
        serializer.setAddTypeInfo(false);
        return serializer;
    }

}
