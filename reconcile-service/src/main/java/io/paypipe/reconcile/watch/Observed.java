package io.paypipe.reconcile.watch;

import io.paypipe.core.event.NotificationSettled;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderKey;
import java.time.Instant;

/**
 * What the watchdog reads: the two input topics merged into one stream (same key, same
 * partition), so one processor sees a notification and its settlement in whatever order
 * they come.
 */
sealed interface Observed {

    /**
     * A record of {@code payment.notify}: the fields of its {@link PaymentNotified} the
     * watchdog keeps, read straight from the record's JSON (the JSON reader skips the
     * others: amounts, trade number, states, paidAt), so that the watchdog does not build
     * a whole notification per record only to drop most of it. A record whose other
     * fields are unreadable is watched all the same: if no settlement comes for it, it is
     * reported like any other.
     */
    record Notified(EventId eventId, long rawId, Channel channel, OrderKey orderKey,
            Instant receivedAt) implements Observed {
    }

    /** A record of {@code payment.settled}. */
    record Settled(NotificationSettled settlement) implements Observed {
    }

}
