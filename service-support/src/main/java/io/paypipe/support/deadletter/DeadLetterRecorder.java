package io.paypipe.support.deadletter;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.support.ServiceSettings;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.logging.LogFields;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.spi.LoggingEventBuilder;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The last stop of a dead letter, shared by every dead-letter handler. In one transaction
 * it stores the alert and settles what the record is about; that is tried again after
 * each of the service's dead-letter retry delays
 * ({@link ServiceSettings#deadLetterRetryDelays()}, e.g.
 * {@code processor.dead-letter-retry-delays}; the database may be what failed the record
 * in the first place). When every attempt failed, the alert still leaves through a path
 * that does not need the database: it is published to {@code ops.alert}, logged at ERROR
 * and counted ({@code paypipe.dead_letters.unrecorded}). It never throws: a dead-letter
 * handler that failed would send its record back to the dead-letter topic, which would
 * then grow for as long as the cause lasts.
 */
@Component
public class DeadLetterRecorder {

    private static final Logger log = LoggerFactory.getLogger(DeadLetterRecorder.class);

    private final TransactionTemplate tx;

    private final AlertRepository alerts;

    private final AlertPublisher publisher;

    private final List<Duration> retryDelays;

    private final MeterRegistry meters;

    DeadLetterRecorder(TransactionTemplate tx, AlertRepository alerts, AlertPublisher publisher,
            ServiceSettings settings, MeterRegistry meters) {
        this.tx = tx;
        this.alerts = alerts;
        this.publisher = publisher;
        this.retryDelays = settings.deadLetterRetryDelays();
        this.meters = meters;
    }

    /**
     * Records {@code alert} for dead letter {@code dlt}, with {@code settle} run in the
     * same transaction.
     */
    public void record(ConsumerRecord<?, ?> dlt, OpsAlertRaised alert, Runnable settle) {
        meters.counter("paypipe.dead_letters", "topic", dlt.topic(), "kind", alert.kind().name()).increment();
        RuntimeException last = null;
        for (int attempt = 0; attempt <= retryDelays.size(); attempt++) {
            if (attempt > 0 && !pause(retryDelays.get(attempt - 1))) {
                break;
            }
            try {
                tx.executeWithoutResult(status -> {
                    alerts.raise(alert);
                    settle.run();
                });
                publisher.publishQuietly(alert);
                return;
            }
            catch (RuntimeException e) {
                last = e;
                withRecord(log.atWarn(), dlt, "dead-letter-unrecorded").log(
                        "dead letter {} not recorded yet (attempt {} of {}): {}", DeadLetterHeaders.coordinates(dlt),
                        attempt + 1, retryDelays.size() + 1, e.toString());
            }
        }
        meters.counter("paypipe.dead_letters.unrecorded", "topic", dlt.topic()).increment();
        boolean published = publisher.publishQuietly(alert);
        withRecord(log.atError(), dlt, "dead-letter-lost").log(
                "DEAD LETTER NOT RECORDED {}: alert {} ({}) could not be stored ({}); {}",
                DeadLetterHeaders.coordinates(dlt), alert.alertKey(), alert.message(),
                last == null ? "interrupted" : last.toString(),
                published ? "it was published to ops.alert" : "it could not be published to ops.alert either");
    }

    private static boolean pause(Duration delay) {
        try {
            Thread.sleep(delay);
            return true;
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static LoggingEventBuilder withRecord(LoggingEventBuilder line, ConsumerRecord<?, ?> dlt, String outcome) {
        return line.addKeyValue(LogFields.ORDER_KEY, dlt.key())
            .addKeyValue(LogFields.TOPIC, dlt.topic())
            .addKeyValue(LogFields.PARTITION, dlt.partition())
            .addKeyValue(LogFields.OFFSET, dlt.offset())
            .addKeyValue(LogFields.OUTCOME, outcome);
    }

}
