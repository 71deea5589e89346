package io.paypipe.processor.order;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
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
 * The last stop of an {@code order.created} record that could not be stored after its
 * whole retry ladder, or could not be read: an ORDER_NOT_STORED alert naming the order
 * (from the record's key) and the dead letter, because every payment of that order will
 * now wait for it and end as UNKNOWN_ORDER. The order is never skipped silently.
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
        OpsAlertRaised alert = Alerts.aboutDeadLetter(record, Kind.ORDER_NOT_STORED, About.fromKey(record.key(), null),
                "order " + record.key() + " NOT stored (dead letter " + where + "): " + failure.error()
                        + "; its payments will wait for it: fix the cause and send the OrderCreated again",
                clock.instant());
        log.error("order {} not stored, dead letter {}: {}", record.key(), where, failure.error());
        recorder.record(record, alert, () -> {
        });
    }

}
