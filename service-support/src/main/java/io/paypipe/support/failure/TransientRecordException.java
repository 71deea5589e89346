package io.paypipe.support.failure;

/**
 * Something that may work on a later attempt (a row not there yet, a refund not final
 * yet, database or broker trouble): retried on the retry topics
 * ({@link io.paypipe.support.kafka.RetryTopics#RETRIED}). Each service's transient
 * failures extend it.
 */
public abstract class TransientRecordException extends RuntimeException {

    protected TransientRecordException(String message, Throwable cause) {
        super(message, cause);
    }

}
