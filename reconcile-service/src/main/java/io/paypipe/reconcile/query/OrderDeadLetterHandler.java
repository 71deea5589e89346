package io.paypipe.reconcile.query;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import io.paypipe.support.deadletter.DeadLetterHeaders;
import io.paypipe.support.deadletter.DeadLetterRecorder;
import java.time.Clock;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The end of {@code order.created}'s retries in reconcile-service: the order was never
 * stored (or the record cannot be read), so its payment will not be queried. One
 * DEAD_LETTER alert per dead letter (the processor alerts its own ORDER_NOT_STORED).
 * Never throws.
 */
@Component
class OrderDeadLetterHandler {

    private static final Logger log = LoggerFactory.getLogger(OrderDeadLetterHandler.class);

    private final DeadLetterRecorder recorder;

    private final Clock clock;

    OrderDeadLetterHandler(DeadLetterRecorder recorder, Clock clock) {
        this.recorder = recorder;
        this.clock = clock;
    }

    public void onDeadLetter(ConsumerRecord<String, byte[]> record) {
        DeadLetterHeaders failure = DeadLetterHeaders.of(record);
        String where = DeadLetterHeaders.coordinates(record);
        OpsAlertRaised alert = Alerts.aboutDeadLetter(record, Kind.DEAD_LETTER, About.fromKey(record.key(), null),
                "order.created " + where + " gave up in reconcile-service: " + failure.error()
                        + "; the order's payment is not queried at its channel",
                clock.instant());
        log.error("order.created {} gave up, no query chain: {}", where, failure.error());
        recorder.record(record, alert, () -> {
        });
    }

}
