package io.paypipe.reconcile.watch;

import io.paypipe.core.event.NotificationSettled;
import io.paypipe.core.event.PaymentNotified;

/**
 * What the watchdog reads: the two input topics merged into one stream (same key, same
 * partition), so one processor sees a notification and its settlement in whatever order
 * they come.
 */
sealed interface Observed {

    /** A record of {@code payment.notify}. */
    record Notified(PaymentNotified notification) implements Observed {
    }

    /** A record of {@code payment.settled}. */
    record Settled(NotificationSettled settlement) implements Observed {
    }

}
