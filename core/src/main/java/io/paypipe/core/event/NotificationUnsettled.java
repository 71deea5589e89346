package io.paypipe.core.event;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderKey;
import java.time.Instant;

/**
 * Notification {@code notifyEventId} (raw row {@code rawId}, received at
 * {@code receivedAt}) had no settlement on {@code payment.settled} by {@code deadline}:
 * written on {@code payment.unsettled} by reconcile-service's watchdog, which turns it
 * into a NOTIFICATION_UNSETTLED alert. The id is derived from the notification: one per
 * notification however often the watchdog emits it.
 */
public record NotificationUnsettled(EventId eventId, EventId notifyEventId, long rawId, Channel channel,
        OrderKey orderKey, Instant receivedAt, Instant deadline) {

    public static EventId idFor(EventId notifyEventId) {
        return EventId.derived("payment.unsettled", notifyEventId.value());
    }
}
