package io.paypipe.ingress.rederive;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.topic.Topics;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.alert.Alerts;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * A {@link Kind#RAW_REDERIVE_REJECTED} alert about a raw row a re-derive with apply could
 * not re-derive (its stored body failed the check, or names another payment or refund):
 * stored in {@code ops_alert} once per row ({@code RAW_REDERIVE_REJECTED:
 *
<table>
 * :<id>}, the table {@code pay_notify_raw} or {@code pay_refund_raw}) and published to
 * {@code ops.alert}.
 */
@Component
class RederiveAlerts {

    private static final Logger log = LoggerFactory.getLogger(RederiveAlerts.class);

    private final AlertRepository alerts;

    private final KafkaTemplate<String, Object> template;

    RederiveAlerts(JdbcClient jdbc, KafkaTemplate<String, Object> template) {
        this.alerts = new AlertRepository(jdbc);
        this.template = template;
    }

    void rejected(String table, Alerts.About row, String message, Instant now) {
        String key = Kind.RAW_REDERIVE_REJECTED.name() + ":" + table + ":" + row.rawId();
        OpsAlertRaised alert = Alerts.of(key, Kind.RAW_REDERIVE_REJECTED, Severity.ERROR, row, message, now);
        if (!alerts.raise(alert)) {
            return;
        }
        try {
            template.send(Topics.OPS_ALERT.name(), alert.alertKey(), alert).get(5, TimeUnit.SECONDS);
        }
        catch (Exception ex) {
            if (ex instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            // stored in ops_alert already: the auditor and the console read it there
            log.warn("alert {} not published to ops.alert: {}", key, ex.getClass().getSimpleName());
        }
    }

}
