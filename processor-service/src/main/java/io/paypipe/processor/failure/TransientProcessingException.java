package io.paypipe.processor.failure;

/**
 * Something that may work on a later attempt (order not there yet, database or broker
 * trouble): retried.
 */
public abstract class TransientProcessingException extends RuntimeException {

    protected TransientProcessingException(String message, Throwable cause) {
        super(message, cause);
    }

}
