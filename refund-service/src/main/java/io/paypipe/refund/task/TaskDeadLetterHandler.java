package io.paypipe.refund.task;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import io.paypipe.support.deadletter.DeadLetterHeaders;
import io.paypipe.support.deadletter.DeadLetterRecorder;
import io.paypipe.support.failure.InvalidRecordException;
import io.paypipe.support.inbound.RecordValues;
import java.time.Clock;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The last stop of a {@code refund.task} record: one alert per task (DEAD_LETTER for an
 * unreadable record, else GAVE_UP): money that should go back has not. Replaying the dead
 * letter into {@code refund.task} once the cause is fixed is safe: the task finds its
 * refund, if it has one. Never throws.
 */
@Component
class TaskDeadLetterHandler {

    private static final Logger log = LoggerFactory.getLogger(TaskDeadLetterHandler.class);

    private final DeadLetterRecorder recorder;

    private final Clock clock;

    TaskDeadLetterHandler(DeadLetterRecorder recorder, Clock clock) {
        this.recorder = recorder;
        this.clock = clock;
    }

    public void onDeadLetter(ConsumerRecord<String, byte[]> record) {
        DeadLetterHeaders failure = DeadLetterHeaders.of(record);
        Kind kind = failure.failedWith(InvalidRecordException.class) ? Kind.DEAD_LETTER : Kind.GAVE_UP;
        Optional<RefundTaskCreated> task = RecordValues.readLeniently(record, RefundTaskCreated.class);
        String where = DeadLetterHeaders.coordinates(record);
        String key = task.map(RefundTaskCreated::eventId)
            .map(eventId -> kind.name() + ":refund-task:" + eventId)
            .orElseGet(() -> Alerts.deadLetterKey(kind, record));
        About order = About.fromKey(record.key(), null);
        About about = task.filter(t -> t.channel() != null && t.channelTradeNo() != null)
            .map(t -> order.withTrade(t.channel().code(), t.channelTradeNo().value()))
            .orElse(order);
        OpsAlertRaised alert = Alerts.of(key, kind, Severity.ERROR, about,
                "refund task not turned into a refund (dead letter " + where + "): " + failure.error()
                        + "; fix the cause and replay it",
                clock.instant());
        log.error("gave up on a refund task for key {} ({}): {}", record.key(), where, failure.error());
        recorder.record(record, alert, () -> {
        });
    }

}
