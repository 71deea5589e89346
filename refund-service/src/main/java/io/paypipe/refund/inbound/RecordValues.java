package io.paypipe.refund.inbound;

import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.refund.failure.InvalidRecordException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.core.JacksonException;

/**
 * Reads the value of an inbound record consumed as bytes (the processor's pattern): a
 * value that cannot be read or lacks a required field is an
 * {@link InvalidRecordException}, which goes straight to the dead-letter topic with the
 * original bytes.
 */
public final class RecordValues {

    private RecordValues() {
    }

    /**
     * The value as {@code type}, checked by {@code missing} (which names the required
     * fields that are absent).
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

    /** The value as {@code type} if it can be read at all, else null (dead letters). */
    public static <T> T readLeniently(ConsumerRecord<String, byte[]> record, Class<T> type) {
        try {
            return record.value() == null ? null : Json.MAPPER.readValue(record.value(), type);
        }
        catch (JacksonException | IllegalArgumentException e) {
            return null;
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
