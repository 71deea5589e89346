package io.paypipe.processor.transition;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.id.EventId;
import io.paypipe.core.topic.Topic;

/**
 * Where the downstream events and alerts of a committed notification go. The per-record
 * path sends each one and waits for the broker before the next
 * ({@link DownstreamPublisher#awaiting}); the batch path sends every event of its batch
 * and then waits for all of them ({@link BatchSends}). Either way a failure fails the
 * notification whose event it was, and nothing is committed to Kafka before its events
 * are confirmed.
 */
interface Sends {

    <V> void send(Topic<V> topic, String key, EventId eventId, V event);

    void alert(OpsAlertRaised alert);

}
