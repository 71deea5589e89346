package io.paypipe.processor.transition;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.processor.alert.AlertRepository;
import io.paypipe.processor.alert.Alerts;
import io.paypipe.processor.failure.OrderNotFoundException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.stereotype.Component;

/**
 * The last stop of a notification, consumed from {@code payment.notify-dlt}: its raw row is set aside
 * (handled=2) with the error and an alert (UNKNOWN_ORDER when the order never came, else GAVE_UP), so no
 * acked notification stays at 0 silently. A record that could not be read never gets here as a value: it
 * sits on the dead-letter topic with its original bytes and was logged when it failed.
 */
@Component
class DeadLetterHandler {

    private static final Logger log = LoggerFactory.getLogger(DeadLetterHandler.class);

    /** Headers this handler adds when it fails, so a second pass still knows the record's first failure. */
    static final String FIRST_FAILURE = "paypipe_dlt-first-failure-fqcn";
    static final String FIRST_ERROR = "paypipe_dlt-first-error";

    private final RawNotificationRepository raws;
    private final AlertRepository alerts;
    private final DownstreamPublisher publisher;
    private final Clock clock;

    DeadLetterHandler(RawNotificationRepository raws, AlertRepository alerts, DownstreamPublisher publisher,
                      Clock clock) {
        this.raws = raws;
        this.alerts = alerts;
        this.publisher = publisher;
        this.clock = clock;
    }

    /**
     * The retry topics' DLT handler (see {@code RetryTopicsConfig}). spring-kafka 4 writes the exception
     * headers under {@code KafkaHeaders.EXCEPTION_*} ({@code kafka_exception-fqcn}, ...) and the origin under
     * {@code KafkaHeaders.ORIGINAL_*}; the {@code DLT_*} names are its deprecated 3.x names. When this handler
     * fails (database down), spring-kafka puts the record back on the dead-letter topic with the handler's
     * failure in those headers, so the first failure is kept in {@link #FIRST_FAILURE} / {@link #FIRST_ERROR}.
     */
    public void onDeadLetter(ConsumerRecord<String, PaymentNotified> record) {
        String failed = firstOf(header(record, FIRST_FAILURE), header(record, KafkaHeaders.EXCEPTION_CAUSE_FQCN),
                header(record, KafkaHeaders.EXCEPTION_FQCN));
        String error = firstOf(header(record, FIRST_ERROR),
                simpleName(failed) + ": " + header(record, KafkaHeaders.EXCEPTION_MESSAGE));
        if (record.value() == null) {
            log.error("dead letter without a notification {}-{}@{} key {}: {}", record.topic(), record.partition(),
                    record.offset(), record.key(), error);
            return;
        }
        try {
            giveUp(record.value(), OrderNotFoundException.class.getName().equals(failed), error);
        } catch (RuntimeException e) {
            if (header(record, FIRST_FAILURE) == null) {
                record.headers().add(FIRST_FAILURE, failed.getBytes(StandardCharsets.UTF_8));
                record.headers().add(FIRST_ERROR, error.getBytes(StandardCharsets.UTF_8));
            }
            log.warn("dead letter of raw {} not settled yet, back to the dead-letter topic: {}",
                    record.value().rawId(), e.toString());
            throw e;
        }
        log.error("gave up on raw {} for order {} ({}-{}@{}): {}", record.value().rawId(), record.value().orderKey(),
                record.topic(), record.partition(), record.offset(), error);
    }

    private void giveUp(PaymentNotified n, boolean unknownOrder, String error) {
        Instant now = clock.instant();
        OpsAlertRaised alert = Alerts.about(n, unknownOrder ? Kind.UNKNOWN_ORDER : Kind.GAVE_UP, Severity.ERROR,
                "gave up after the last attempt: " + error, now);
        alerts.raise(alert);
        raws.settle(n.rawId(), RawNotificationRepository.NEEDS_A_PERSON, unknownOrder ? "UNKNOWN_ORDER" : "GAVE_UP",
                "gave up: " + error, now);
        publishQuietly(alert);
    }

    /** The alert is stored already; a broker that cannot take it now must not hide the give-up itself. */
    private void publishQuietly(OpsAlertRaised alert) {
        try {
            publisher.alert(alert);
        } catch (RuntimeException e) {
            log.warn("alert {} stored but not published to ops.alert: {}", alert.alertKey(), e.toString());
        }
    }

    private static String header(ConsumerRecord<?, ?> record, String name) {
        Header h = record.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    private static String firstOf(String first, String... others) {
        if (first != null) {
            return first;
        }
        for (String other : others) {
            if (other != null) {
                return other;
            }
        }
        return "unknown";
    }

    private static String simpleName(String fqcn) {
        return fqcn == null ? "unknown" : fqcn.substring(fqcn.lastIndexOf('.') + 1);
    }
}
