package io.paypipe.processor.failure;

import io.paypipe.core.id.EventId;
import io.paypipe.support.failure.TransientRecordException;

/**
 * The broker did not confirm a downstream event in time: retried; the retry re-publishes
 * the same event id.
 */
public class DownstreamPublishException extends TransientRecordException {

    private final String topic;

    private final EventId eventId;

    public DownstreamPublishException(String topic, EventId eventId, Throwable cause) {
        super("publish to " + topic + " failed for event " + eventId, cause);
        this.topic = topic;
        this.eventId = eventId;
    }

    public String topic() {
        return topic;
    }

    public EventId eventId() {
        return eventId;
    }

}
