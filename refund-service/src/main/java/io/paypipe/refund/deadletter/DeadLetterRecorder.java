package io.paypipe.refund.deadletter;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.refund.alert.AlertPublisher;
import io.paypipe.refund.alert.AlertRepository;
import io.paypipe.refund.config.RefundProperties;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The last stop of a dead letter (the processor's pattern): in one transaction it stores
 * the alert and settles what the record is about, tried again after each of
 * {@code refund.dead-letter-retry-delays}; when every attempt failed the alert is still
 * published to {@code ops.alert} and logged at ERROR. It never throws: a dead-letter
 * handler that failed would send its record back to the dead-letter topic.
 */
@Component
public class DeadLetterRecorder {

    private static final Logger log = LoggerFactory.getLogger(DeadLetterRecorder.class);

    private final TransactionTemplate tx;

    private final AlertRepository alerts;

    private final AlertPublisher publisher;

    private final List<Duration> retryDelays;

    DeadLetterRecorder(TransactionTemplate tx, AlertRepository alerts, AlertPublisher publisher,
            RefundProperties props) {
        this.tx = tx;
        this.alerts = alerts;
        this.publisher = publisher;
        this.retryDelays = props.deadLetterRetryDelays();
    }

    /**
     * Records {@code alert} for dead letter {@code dlt}, with {@code settle} run in the
     * same transaction.
     */
    public void record(ConsumerRecord<?, ?> dlt, OpsAlertRaised alert, Runnable settle) {
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
                log.warn("dead letter {} not recorded yet (attempt {} of {}): {}", DeadLetterHeaders.coordinates(dlt),
                        attempt + 1, retryDelays.size() + 1, e.toString());
            }
        }
        boolean published = publisher.publishQuietly(alert);
        log.error("DEAD LETTER NOT RECORDED {}: alert {} ({}) could not be stored ({}); {}",
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

}
