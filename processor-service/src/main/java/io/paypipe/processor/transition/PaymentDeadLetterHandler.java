package io.paypipe.processor.transition;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.raw.Handled;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.processor.failure.DownstreamRejectedException;
import io.paypipe.processor.failure.OrderNotFoundException;
import io.paypipe.processor.transition.DeadLetterQuery.Scheduling;
import io.paypipe.processor.transition.RawSettlementRepository.RawRow;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import io.paypipe.support.deadletter.DeadLetterHeaders;
import io.paypipe.support.deadletter.DeadLetterRecorder;
import io.paypipe.support.failure.InvalidRecordException;
import io.paypipe.support.inbound.RecordValues;
import io.paypipe.support.logging.LogFields;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The last stop of a {@code payment.notify} record, consumed from
 * {@code payment.notify-dlt} as bytes (so a record nobody can read gets here too). It
 * finds the raw row by the {@code paypipe-raw-id} header (else a {@code rawId} read
 * leniently from the value), sets it aside (handled=2) unless something settled it
 * already, and raises one alert per notification (the key is the raw id, so the copies of
 * one delivery, each dead-lettered, raise it once): UNKNOWN_ORDER (the order never came),
 * DOWNSTREAM_NOT_PUBLISHED (committed, but its event was refused), DEAD_LETTER
 * (unreadable or invalid record) or GAVE_UP. Without a raw row the alert names the dead
 * letter's topic, partition and offset. Before the alert, a record that names an order
 * schedules an active query of it ({@link DeadLetterQuery}); the alert says whether it
 * was scheduled. After it, the raw row's settlement goes to {@code payment.settled}
 * ({@link DownstreamPublisher#settled}: its own outcome, or the one something settled it
 * with before). It never throws (see {@link DeadLetterRecorder}).
 */
@Component
class PaymentDeadLetterHandler {

    private static final Logger log = LoggerFactory.getLogger(PaymentDeadLetterHandler.class);

    private final RawSettlementRepository raws;

    private final DeadLetterRecorder recorder;

    private final DeadLetterQuery query;

    private final DownstreamPublisher publisher;

    private final Clock clock;

    PaymentDeadLetterHandler(RawSettlementRepository raws, DeadLetterRecorder recorder, DeadLetterQuery query,
            DownstreamPublisher publisher, Clock clock) {
        this.raws = raws;
        this.recorder = recorder;
        this.query = query;
        this.publisher = publisher;
        this.clock = clock;
    }

    /** The retry topics' DLT handler (see {@link PaymentRetryTopicsConfig}). */
    public void onDeadLetter(ConsumerRecord<String, byte[]> record) {
        DeadLetterHeaders failure = DeadLetterHeaders.of(record);
        Kind kind = failure.failedWith(OrderNotFoundException.class) ? Kind.UNKNOWN_ORDER
                : failure.failedWith(DownstreamRejectedException.class) ? Kind.DOWNSTREAM_NOT_PUBLISHED
                        : failure.failedWith(InvalidRecordException.class) ? Kind.DEAD_LETTER : Kind.GAVE_UP;
        RawOutcome outcome = switch (kind) {
            case UNKNOWN_ORDER -> RawOutcome.UNKNOWN_ORDER;
            case DEAD_LETTER -> RawOutcome.DEAD_LETTER;
            default -> RawOutcome.GAVE_UP;
        };
        OptionalLong rawId = RecordValues.rawId(record);
        Optional<RawRow> raw = rawId.isPresent() ? lookUp(rawId.getAsLong()) : Optional.empty();
        About about = raw
            .map(r -> new About(r.tenantId(), r.merchantId(), r.outTradeNo(), r.channel(), r.channelTradeNo(), r.id()))
            .orElseGet(() -> About.fromKey(record.key(), rawId.isPresent() ? rawId.getAsLong() : null));
        String where = DeadLetterHeaders.coordinates(record);
        String what = rawId.isEmpty() ? "a record without a raw id"
                : raw.isEmpty() ? "raw " + rawId.getAsLong() + " (no such row found)" : "raw " + rawId.getAsLong();
        Scheduling scheduling = query.schedule(record, rawId, raw,
                RecordValues.readLeniently(record, PaymentNotified.class));
        Instant now = clock.instant();
        // the query's sentence before the error, which may be long (the message is
        // clipped)
        String message = "gave up on " + what + " after its last attempt (dead letter " + where + ")"
                + DeadLetterQuery.sentence(scheduling) + ": " + failure.error();
        // one alert per notification: the copies of one delivery storm, each
        // dead-lettered, are one thing to look at
        OpsAlertRaised alert = rawId.isPresent()
                ? Alerts.of(kind.name() + ":payment:" + rawId.getAsLong(), kind, Severity.ERROR, about, message, now)
                : Alerts.aboutDeadLetter(record, kind, about, message, now);
        log.atError()
            .addKeyValue(LogFields.ORDER_KEY, record.key())
            .addKeyValue(LogFields.TOPIC, record.topic())
            .addKeyValue(LogFields.PARTITION, record.partition())
            .addKeyValue(LogFields.OFFSET, record.offset())
            .addKeyValue(LogFields.OUTCOME, outcome.name().toLowerCase(java.util.Locale.ROOT))
            .log("gave up on {} for key {} ({}): {}", what, record.key(), where, failure.error());
        recorder.record(record, alert, () -> {
            if (rawId.isPresent()) {
                raws.settleIfUnsettled(rawId.getAsLong(), outcome, "dead letter " + where + ": " + failure.error(),
                        now);
            }
        });
        if (rawId.isPresent()) {
            lookUp(rawId.getAsLong()).ifPresent(this::publishSettlement);
        }
    }

    /**
     * The row as it is now: settled by this dead letter, or before by something else; not
     * settled at all when the database kept failing (the watchdog then alerts too).
     */
    private void publishSettlement(RawRow row) {
        if (row.handled() == Handled.RECEIVED || row.outcome().isEmpty()) {
            return;
        }
        try {
            var key = new OrderKey(TenantId.of(row.tenantId()), MerchantId.of(row.merchantId()),
                    OutTradeNo.of(row.outTradeNo()));
            publisher.settled(row.id(), Channel.fromCode(row.channel()), key, row.outcome().get());
        }
        catch (IllegalArgumentException e) {
            log.error("settlement of raw {} not published: the row does not name its order ({})", row.id(),
                    e.toString());
        }
    }

    /** The raw row the alert names; the database being down must not stop the alert. */
    private Optional<RawRow> lookUp(long rawId) {
        try {
            return raws.find(rawId);
        }
        catch (RuntimeException e) {
            log.warn("raw {} of a dead letter could not be read: {}", rawId, e.toString());
            return Optional.empty();
        }
    }

}
