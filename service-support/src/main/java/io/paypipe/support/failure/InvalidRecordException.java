package io.paypipe.support.failure;

import java.util.OptionalLong;

/**
 * A record that breaks the contract: it cannot be read (not JSON, a value the service
 * does not know, e.g. a state added by a newer ingress during a rolling deploy), or it
 * lacks a required field (no key, no order key, ...). Rejected, never retried: it goes
 * straight to the dead-letter topic, whose handler settles its raw row (found through the
 * {@code paypipe-raw-id} header) if it names one and raises an alert.
 */
public class InvalidRecordException extends RejectedRecordException {

    private final String topic;

    private final int partition;

    private final long offset;

    private final OptionalLong rawId;

    public InvalidRecordException(String topic, int partition, long offset, OptionalLong rawId, String what) {
        super("invalid record on " + topic + "-" + partition + "@" + offset
                + (rawId.isPresent() ? " (raw " + rawId.getAsLong() + ")" : "") + ": " + what);
        this.topic = topic;
        this.partition = partition;
        this.offset = offset;
        this.rawId = rawId;
    }

    public String topic() {
        return topic;
    }

    public int partition() {
        return partition;
    }

    public long offset() {
        return offset;
    }

    public OptionalLong rawId() {
        return rawId;
    }

}
