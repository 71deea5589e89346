package io.paypipe.refund.failure;

import io.paypipe.core.id.EventId;
import io.paypipe.support.failure.TransientRecordException;

/**
 * The broker did not confirm an event in time: retried; the retry publishes the same
 * event id.
 */
public class PublishFailedException extends TransientRecordException {

    public PublishFailedException(String topic, EventId eventId, Throwable cause) {
        super("publish to " + topic + " failed for event " + eventId, cause);
    }

}
