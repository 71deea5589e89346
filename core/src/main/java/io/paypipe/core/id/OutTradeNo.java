package io.paypipe.core.id;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** The merchant's own order number, unique per merchant. */
public record OutTradeNo(@JsonValue String value) {

    public OutTradeNo {
        Ids.requireText(value, "OutTradeNo");
    }

    @JsonCreator
    public static OutTradeNo of(String value) {
        return new OutTradeNo(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
