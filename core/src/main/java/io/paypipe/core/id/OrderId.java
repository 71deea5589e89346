package io.paypipe.core.id;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** The database id of an order in {@code orders}. */
public record OrderId(@JsonValue long value) {

    @JsonCreator
    public static OrderId of(long value) {
        return new OrderId(value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
