package io.paypipe.processor.transition;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.processor.alert.AlertRepository;
import io.paypipe.processor.alert.Alerts;
import io.paypipe.processor.failure.OrderNotFoundException;
import java.time.Clock;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.ConsumerRecordRecoverer;
import org.springframework.stereotype.Component;

/**
 * The last stop of a record that could not be processed: its raw row is set aside (handled=2) with the
 * error and an alert (UNKNOWN_ORDER when the order never came), so no acked notification stays at 0
 * silently.
 */
@Component
class GiveUpRecoverer implements ConsumerRecordRecoverer {

    private static final Logger log = LoggerFactory.getLogger(GiveUpRecoverer.class);

    private final RawNotificationRepository raws;
    private final AlertRepository alerts;
    private final DownstreamPublisher publisher;
    private final Clock clock;

    GiveUpRecoverer(RawNotificationRepository raws, AlertRepository alerts, DownstreamPublisher publisher, Clock clock) {
        this.raws = raws;
        this.alerts = alerts;
        this.publisher = publisher;
        this.clock = clock;
    }

    /** The alert is stored already; a broker that cannot take it now must not hide the give-up itself. */
    private void publishQuietly(OpsAlertRaised alert) {
        try {
            publisher.alert(alert);
        } catch (RuntimeException e) {
            log.warn("alert {} stored but not published to ops.alert: {}", alert.alertKey(), e.toString());
        }
    }

    @Override
    public void accept(ConsumerRecord<?, ?> record, Exception failure) {
        Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
        String error = cause.getClass().getSimpleName() + ": " + cause.getMessage();
        if (record.value() instanceof PaymentNotified n) {
            boolean unknownOrder = cause instanceof OrderNotFoundException;
            Instant now = clock.instant();
            OpsAlertRaised alert = Alerts.about(n, unknownOrder ? Kind.UNKNOWN_ORDER : Kind.GAVE_UP, Severity.ERROR,
                    "gave up after the last attempt: " + error, now);
            alerts.raise(alert);
            raws.settle(n.rawId(), RawNotificationRepository.NEEDS_A_PERSON, unknownOrder ? "UNKNOWN_ORDER" : "GAVE_UP",
                    "gave up: " + error, now);
            publishQuietly(alert);
            log.error("gave up on raw {} for order {} from {}-{}@{}: {}", n.rawId(), n.orderKey(), record.topic(),
                    record.partition(), record.offset(), error);
        } else {
            log.error("gave up on record {}-{}@{} key {}: {}", record.topic(), record.partition(), record.offset(),
                    record.key(), error);
        }
    }
}
