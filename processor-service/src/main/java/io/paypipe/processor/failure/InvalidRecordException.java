package io.paypipe.processor.failure;

/** A record whose content breaks the contract (missing key, no value): rejected, never retried. */
public class InvalidRecordException extends RejectedRecordException {

    public InvalidRecordException(String topic, long offset, String what) {
        super("invalid record on " + topic + "@" + offset + ": " + what);
    }
}
