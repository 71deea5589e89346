package io.paypipe.processor.failure;

/**
 * A record that will never be processed, however often it is tried: never retried, given
 * up at once.
 */
public abstract class RejectedRecordException extends RuntimeException {

    protected RejectedRecordException(String message) {
        super(message);
    }

}
