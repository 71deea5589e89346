package io.paypipe.refund.notify;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import io.paypipe.support.deadletter.DeadLetterHeaders;
import io.paypipe.support.deadletter.DeadLetterRecorder;
import io.paypipe.support.failure.InvalidRecordException;
import io.paypipe.support.inbound.RecordValues;
import java.time.Clock;
import java.time.Instant;
import java.util.OptionalLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The last stop of a {@code refund.notify} record (from {@code refund.notify-dlt}, as
 * bytes): it finds the raw row by the {@code paypipe-raw-id} header (else the value's
 * {@code rawId}), sets it aside (handled=2) unless something settled it already, and
 * raises one alert per notice: DEAD_LETTER (unreadable or invalid) or GAVE_UP. Never
 * throws.
 */
@Component
class NotifyDeadLetterHandler {

    private static final Logger log = LoggerFactory.getLogger(NotifyDeadLetterHandler.class);

    private final RefundRawRepository raws;

    private final DeadLetterRecorder recorder;

    private final Clock clock;

    NotifyDeadLetterHandler(RefundRawRepository raws, DeadLetterRecorder recorder, Clock clock) {
        this.raws = raws;
        this.recorder = recorder;
        this.clock = clock;
    }

    public void onDeadLetter(ConsumerRecord<String, byte[]> record) {
        DeadLetterHeaders failure = DeadLetterHeaders.of(record);
        Kind kind = failure.failedWith(InvalidRecordException.class) ? Kind.DEAD_LETTER : Kind.GAVE_UP;
        OptionalLong rawId = rawId(record);
        About about = rawId.isPresent() ? lookUp(rawId.getAsLong(), record.key()) : About.fromKey(record.key(), null);
        String where = DeadLetterHeaders.coordinates(record);
        String what = rawId.isEmpty() ? "a refund notice without a raw id" : "refund raw " + rawId.getAsLong();
        Instant now = clock.instant();
        String message = "gave up on " + what + " (dead letter " + where + "): " + failure.error();
        String key = rawId.isPresent() ? kind.name() + ":refund-notice:" + rawId.getAsLong()
                : Alerts.deadLetterKey(kind, record);
        OpsAlertRaised alert = Alerts.of(key, kind, Severity.ERROR, about, message, now);
        log.error("gave up on {} for key {} ({}): {}", what, record.key(), where, failure.error());
        recorder.record(record, alert, () -> {
            if (rawId.isPresent()) {
                raws.setAsideIfUnsettled(rawId.getAsLong(), "dead letter " + where + ": " + failure.error(), now);
            }
        });
    }

    private static OptionalLong rawId(ConsumerRecord<String, byte[]> record) {
        OptionalLong header = NotifyHeaders.rawId(record.headers());
        if (header.isPresent()) {
            return header;
        }
        return RecordValues.readLeniently(record, RefundNotified.class)
            .filter(n -> n.rawId() > 0)
            .map(n -> OptionalLong.of(n.rawId()))
            .orElse(OptionalLong.empty());
    }

    private About lookUp(long rawId, String key) {
        try {
            return raws.about(rawId).orElseGet(() -> About.fromKey(key, rawId));
        }
        catch (RuntimeException e) {
            log.warn("refund raw {} of a dead letter could not be read: {}", rawId, e.toString());
            return About.fromKey(key, rawId);
        }
    }

}
