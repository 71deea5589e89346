package io.paypipe.core.id;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** The shop (tenant) that owns merchants and orders. */
public record TenantId(@JsonValue String value) {

    public TenantId {
        Ids.requireText(value, "TenantId");
    }

    @JsonCreator
    public static TenantId of(String value) {
        return new TenantId(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
