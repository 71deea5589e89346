package io.paypipe.reconcile.watch;

import io.paypipe.core.event.NotificationSettled;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.OrderKey;
import java.time.Instant;

/**
 * The watchdog's memory of one notification (store {@value WatchTopology#WATCHES_STORE},
 * keyed by the notification's event id). {@code dueAt} is when the watchdog looks at it
 * again: the deadline while {@link Stage#AWAITING_SETTLEMENT}, the moment it is forgotten
 * once {@link Stage#SETTLED} or {@link Stage#ALERTED}. {@code receivedAt} is null when
 * the settlement was read before its notification.
 */
record Watched(Stage stage, Instant dueAt, long rawId, Channel channel, OrderKey orderKey, Instant receivedAt) {

    enum Stage {

        /** Notification seen, no settlement yet: alerts at {@code dueAt}. */
        AWAITING_SETTLEMENT,
        /** Settled (possibly before its notification was read): nothing more to do. */
        SETTLED,
        /** Reported on {@code payment.unsettled}; a later settlement is only logged. */
        ALERTED

    }

    static Watched awaiting(PaymentNotified n, Instant deadline) {
        return new Watched(Stage.AWAITING_SETTLEMENT, deadline, n.rawId(), n.channel(), n.orderKey(), n.receivedAt());
    }

    static Watched settledFirst(NotificationSettled s, Instant forgetAt) {
        return new Watched(Stage.SETTLED, forgetAt, s.rawId(), s.channel(), s.orderKey(), null);
    }

    Watched settled(Instant forgetAt) {
        return new Watched(Stage.SETTLED, forgetAt, rawId, channel, orderKey, receivedAt);
    }

    Watched alerted(Instant forgetAt) {
        return new Watched(Stage.ALERTED, forgetAt, rawId, channel, orderKey, receivedAt);
    }

}
