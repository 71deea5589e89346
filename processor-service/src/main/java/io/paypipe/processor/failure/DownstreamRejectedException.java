package io.paypipe.processor.failure;

import io.paypipe.core.id.EventId;
import io.paypipe.support.failure.RejectedRecordException;

/**
 * The broker refused a downstream event for a reason no retry can fix (record too large,
 * not authorized, not serializable, the topic does not exist): the record goes to the
 * dead-letter topic at once, whose handler raises a {@code DOWNSTREAM_NOT_PUBLISHED}
 * alert, instead of climbing the whole retry ladder while the order waits.
 */
public class DownstreamRejectedException extends RejectedRecordException {

    private final String topic;

    private final EventId eventId;

    public DownstreamRejectedException(String topic, EventId eventId, Throwable cause) {
        super("publish to " + topic + " refused for event " + eventId + ": " + describe(cause));
        initCause(cause);
        this.topic = topic;
        this.eventId = eventId;
    }

    public String topic() {
        return topic;
    }

    public EventId eventId() {
        return eventId;
    }

    private static String describe(Throwable cause) {
        return cause == null ? "unknown" : cause.getClass().getSimpleName() + ": " + cause.getMessage();
    }

}
