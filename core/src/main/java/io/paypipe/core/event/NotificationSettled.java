package io.paypipe.core.event;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.raw.RawOutcome;
import java.time.Instant;

/**
 * The processor settled raw row {@code rawId} (the notification {@code notifyEventId})
 * with {@code outcome}: written on {@code payment.settled} after the row's outcome is
 * committed, one record per settlement. The id is derived from the row and its outcome,
 * so a redelivered notification re-publishes the same event id.
 */
public record NotificationSettled(EventId eventId, EventId notifyEventId, long rawId, Channel channel,
        OrderKey orderKey, RawOutcome outcome, Instant settledAt) {

    public static EventId idFor(long rawId, RawOutcome outcome) {
        return EventId.derived("payment.settled", Long.toString(rawId), outcome.name());
    }
}
