package io.paypipe.reconcile.retention;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedRuntimeException;
import org.springframework.stereotype.Component;

/**
 * RETENTION_FAILED: one alert per UTC day with a failed run
 * ({@code RETENTION_FAILED:raw-body:<yyyy-mm-dd>}), stored in {@code ops_alert} and
 * published to {@code ops.alert}; every failed run is logged.
 */
@Component
class RetentionAlerts {

    static final Kind KIND = Kind.RETENTION_FAILED;

    private static final Logger log = LoggerFactory.getLogger(RetentionAlerts.class);

    private final AlertRepository alerts;

    private final AlertPublisher publisher;

    RetentionAlerts(AlertRepository alerts, AlertPublisher publisher) {
        this.alerts = alerts;
        this.publisher = publisher;
    }

    static String key(Instant at) {
        return KIND.name() + ":raw-body:" + LocalDate.ofInstant(at, ZoneOffset.UTC);
    }

    void runFailed(RuntimeException e, Duration nextIn, Instant now) {
        String reason = reason(e);
        log.error("retention run failed, next one in {} ms: {}", nextIn.toMillis(), reason);
        String message = "raw-body retention failed: " + reason
                + "; settled bodies stay in pay_notify_raw / pay_refund_raw until a run succeeds"
                + " (look at the database and reconcile-service's log)";
        OpsAlertRaised alert = Alerts.of(key(now), KIND, Severity.WARN, About.NOTHING, message, now);
        try {
            if (alerts.raise(alert)) {
                publisher.publishQuietly(alert);
            }
        }
        catch (RuntimeException stored) {
            log.error("RETENTION_FAILED alert could not be stored: {}", reason(stored));
        }
    }

    /** The failure without the statement's text: what failed, and its root. */
    private static String reason(RuntimeException e) {
        return e instanceof NestedRuntimeException nested
                ? e.getClass().getSimpleName() + " <- " + nested.getMostSpecificCause() : e.toString();
    }

}
