package io.paypipe.processor.inbound;

import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.processor.failure.InvalidRecordException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Reads the value of an inbound record the processor consumes as bytes. The listener
 * parses it itself, instead of a deserializer in the consumer, so that a record it cannot
 * read still reaches its listener and dead-letter handler with its key, headers and
 * original bytes: a value the processor does not understand (not JSON, an unknown enum
 * value, a required field missing) is an {@link InvalidRecordException}, which goes
 * straight to the dead-letter topic.
 */
public final class RecordValues {

    private RecordValues() {
    }

    /**
     * The value as {@code type}, checked by {@code missing} (which names the required
     * fields that are absent). Throws {@link InvalidRecordException} naming the record
     * and its raw id (from the header) when it cannot be read.
     */
    public static <T> T read(ConsumerRecord<String, byte[]> record, Class<T> type, Function<T, List<String>> missing) {
        OptionalLong rawId = NotifyHeaders.rawId(record.headers());
        if (record.key() == null) {
            throw invalid(record, rawId, "no key");
        }
        if (record.value() == null || record.value().length == 0) {
            throw invalid(record, rawId, "no value");
        }
        T value;
        try {
            value = Json.MAPPER.readValue(record.value(), type);
        }
        catch (JacksonException | IllegalArgumentException e) {
            throw invalid(record, rawId,
                    "unreadable " + type.getSimpleName() + " (" + e.getClass().getSimpleName() + ")");
        }
        if (value == null) {
            throw invalid(record, rawId, "null " + type.getSimpleName());
        }
        List<String> absent = missing.apply(value);
        if (!absent.isEmpty()) {
            throw invalid(record, rawId, type.getSimpleName() + " without " + String.join(", ", absent));
        }
        return value;
    }

    /**
     * The raw id of a record: its header, else a {@code rawId} field of the value read
     * leniently; empty if neither.
     */
    public static OptionalLong rawId(ConsumerRecord<String, byte[]> record) {
        OptionalLong fromHeader = NotifyHeaders.rawId(record.headers());
        if (fromHeader.isPresent() || record.value() == null) {
            return fromHeader;
        }
        try {
            JsonNode id = Json.MAPPER.readTree(record.value()).path("rawId");
            return id.isIntegralNumber() && id.asLong() > 0 ? OptionalLong.of(id.asLong()) : OptionalLong.empty();
        }
        catch (JacksonException | IllegalArgumentException e) {
            return OptionalLong.empty();
        }
    }

    /** Collects the names of required fields that are null. */
    public static final class Required {

        private final List<String> missing = new ArrayList<>();

        public Required field(String name, Object value) {
            if (value == null) {
                missing.add(name);
            }
            return this;
        }

        public Required check(String name, boolean ok) {
            if (!ok) {
                missing.add(name);
            }
            return this;
        }

        public List<String> missing() {
            return List.copyOf(missing);
        }

    }

    private static InvalidRecordException invalid(ConsumerRecord<String, byte[]> r, OptionalLong rawId, String what) {
        return new InvalidRecordException(r.topic(), r.partition(), r.offset(), rawId, what);
    }

}
