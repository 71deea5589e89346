package io.paypipe.reconcile.watch;

import io.paypipe.core.event.NotificationUnsettled;
import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * NOTIFICATION_UNSETTLED alerts: stored in {@code ops_alert} under a key derived from the
 * notification's event id (a redelivered or re-emitted {@link NotificationUnsettled}
 * stores nothing more), then published to {@code ops.alert} (again on a redelivery, with
 * the same event id); a broker that does not confirm throws (transient: the listener's
 * record is delivered again).
 */
@Component
class UnsettledAlerts {

    private static final Logger log = LoggerFactory.getLogger(UnsettledAlerts.class);

    private final AlertRepository alerts;

    private final AlertPublisher publisher;

    private final Clock clock;

    UnsettledAlerts(AlertRepository alerts, AlertPublisher publisher, Clock clock) {
        this.alerts = alerts;
        this.publisher = publisher;
        this.clock = clock;
    }

    /** True when this call stored the alert, false when it was stored before. */
    boolean raise(NotificationUnsettled u) {
        OpsAlertRaised alert = alertFor(u, clock.instant());
        boolean stored = alerts.raise(alert);
        publisher.publish(alert);
        if (stored) {
            log.warn("alert {} raised: notification {} (raw {}) not settled by {}", alert.alertKey(), u.notifyEventId(),
                    u.rawId(), u.deadline());
        }
        else {
            log.info("alert {} was raised before; published again", alert.alertKey());
        }
        return stored;
    }

    static OpsAlertRaised alertFor(NotificationUnsettled u, Instant now) {
        String key = Kind.NOTIFICATION_UNSETTLED.name() + ":notify:" + u.notifyEventId().value();
        return Alerts.of(key, Kind.NOTIFICATION_UNSETTLED, Severity.WARN,
                About.of(u.orderKey(), u.channel().code(), null, u.rawId()),
                "notification " + u.notifyEventId() + " (raw " + u.rawId() + ") received " + u.receivedAt()
                        + " has no settlement on payment.settled by " + u.deadline(),
                now);
    }

}
