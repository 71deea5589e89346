package io.paypipe.refund.failure;

import java.util.OptionalLong;

/**
 * A record that breaks the contract: it cannot be read or lacks a required field. Never
 * retried: it goes straight to the dead-letter topic, whose handler raises an alert (and
 * settles the raw row the {@code paypipe-raw-id} header names, if any).
 */
public class InvalidRecordException extends RuntimeException {

    private final OptionalLong rawId;

    public InvalidRecordException(String topic, int partition, long offset, OptionalLong rawId, String what) {
        super("invalid record on " + topic + "-" + partition + "@" + offset
                + (rawId.isPresent() ? " (raw " + rawId.getAsLong() + ")" : "") + ": " + what);
        this.rawId = rawId;
    }

    public OptionalLong rawId() {
        return rawId;
    }

}
