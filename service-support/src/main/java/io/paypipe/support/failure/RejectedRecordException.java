package io.paypipe.support.failure;

/**
 * A record that will never be processed, however often it is tried: never retried, given
 * up at once (straight to the dead-letter topic), and not counted as a failed attempt on
 * its raw row.
 */
public abstract class RejectedRecordException extends RuntimeException {

    protected RejectedRecordException(String message) {
        super(message);
    }

}
