package io.paypipe.reconcile.watch;

import io.paypipe.core.event.NotificationUnsettled;
import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.topic.Topics;
import io.paypipe.reconcile.config.ReconcileProperties;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

// replaced by service-support alerts when merged
/**
 * NOTIFICATION_UNSETTLED alerts: stored in {@code ops_alert} under a key derived from the
 * notification's event id (a redelivered or re-emitted {@link NotificationUnsettled}
 * stores nothing more), then published to {@code ops.alert} (again on a redelivery, with
 * the same event id).
 */
@Component
class UnsettledAlerts {

    private static final Logger log = LoggerFactory.getLogger(UnsettledAlerts.class);

    private final JdbcClient jdbc;

    private final KafkaTemplate<String, OpsAlertRaised> alertTemplate;

    private final Clock clock;

    private final Duration publishTimeout;

    UnsettledAlerts(JdbcClient jdbc, KafkaTemplate<String, OpsAlertRaised> alertTemplate, Clock clock,
            ReconcileProperties props) {
        this.jdbc = jdbc;
        this.alertTemplate = alertTemplate;
        this.clock = clock;
        this.publishTimeout = props.publishTimeout();
    }

    /** True when this call stored the alert, false when it was stored before. */
    boolean raise(NotificationUnsettled u) {
        OpsAlertRaised alert = alertFor(u, clock.instant());
        boolean stored = store(alert);
        publish(alert, u.orderKey().kafkaKey());
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
        return new OpsAlertRaised(OpsAlertRaised.idFor(key), key, Kind.NOTIFICATION_UNSETTLED, Severity.WARN,
                u.orderKey().tenantId().value(), u.orderKey().merchantId().value(), u.orderKey().outTradeNo().value(),
                u.channel().code(), null, u.rawId(), "notification " + u.notifyEventId() + " (raw " + u.rawId()
                        + ") received " + u.receivedAt() + " has no settlement on payment.settled by " + u.deadline(),
                now);
    }

    private boolean store(OpsAlertRaised a) {
        try {
            jdbc.sql("""
                    INSERT INTO ops_alert (alert_key, kind, severity, tenant_id, merchant_id, out_trade_no, channel,
                                           channel_trade_no, raw_id, message, event_id, created_at)
                    VALUES (:key, :kind, :severity, :tenant, :merchant, :outTradeNo, :channel, :tradeNo, :rawId,
                            :message, :eventId, :at)
                    """)
                .param("key", a.alertKey())
                .param("kind", a.kind().name())
                .param("severity", a.severity().name())
                .param("tenant", a.tenantId())
                .param("merchant", a.merchantId())
                .param("outTradeNo", a.outTradeNo())
                .param("channel", a.channel())
                .param("tradeNo", a.channelTradeNo())
                .param("rawId", a.rawId())
                .param("message", a.message())
                .param("eventId", a.eventId().value())
                .param("at", Timestamp.from(a.raisedAt()))
                .update();
            return true;
        }
        catch (DuplicateKeyException exists) {
            return false;
        }
    }

    private void publish(OpsAlertRaised alert, String orderKey) {
        try {
            alertTemplate.send(Topics.OPS_ALERT.name(), orderKey, alert)
                .get(publishTimeout.toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AlertNotPublishedException(alert.alertKey(), e);
        }
        catch (ExecutionException | TimeoutException | RuntimeException e) {
            throw new AlertNotPublishedException(alert.alertKey(), e);
        }
    }

}
