package io.paypipe.refund.failure;

/**
 * Something that may work on a later attempt (a row not there yet, a refund not final
 * yet, database or broker trouble): retried on the retry topics.
 */
public abstract class TransientRefundException extends RuntimeException {

    protected TransientRefundException(String message, Throwable cause) {
        super(message, cause);
    }

}
