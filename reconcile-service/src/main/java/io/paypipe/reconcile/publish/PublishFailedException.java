package io.paypipe.reconcile.publish;

import io.paypipe.core.id.EventId;
import io.paypipe.support.failure.TransientRecordException;

/**
 * The broker did not confirm an event in time, or refused it: transient (a listener's
 * record is handled again and publishes the same event id again).
 */
public class PublishFailedException extends TransientRecordException {

    public PublishFailedException(String topic, EventId eventId, Throwable cause) {
        super("publish to " + topic + " failed for event " + eventId + ": " + rootOf(cause), cause);
    }

    private static String rootOf(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == e ? e.getClass().getSimpleName()
                : e.getClass().getSimpleName() + " <- " + root.getClass().getSimpleName();
    }

}
