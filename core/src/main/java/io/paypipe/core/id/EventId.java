package io.paypipe.core.id;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * A stable event id. Events derived from a fact (an order paid by a channel trade number)
 * get a name-based id, so a re-publish after a crash carries the same id and consumers
 * apply it once.
 */
public record EventId(@JsonValue String value) {

    public EventId {
        Ids.requireText(value, "EventId");
    }

    @JsonCreator
    public static EventId of(String value) {
        return new EventId(value);
    }

    /** A deterministic id: the same kind and parts always give the same id. */
    public static EventId derived(String kind, String... parts) {
        String name = kind + "|" + String.join("|", parts);
        return new EventId(UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)).toString());
    }

    public static EventId random() {
        return new EventId(UUID.randomUUID().toString());
    }

    @Override
    public String toString() {
        return value;
    }
}
