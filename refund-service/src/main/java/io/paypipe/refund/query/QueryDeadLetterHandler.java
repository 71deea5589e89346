package io.paypipe.refund.query;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.RefundQueryDue;
import io.paypipe.refund.result.RefundResults;
import io.paypipe.refund.store.RefundRepository;
import io.paypipe.refund.store.RefundRow;
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
 * The end of the query ladder: a refund still not final after its last query raises
 * REFUND_UNRESOLVED (one per refund); an unreadable record DEAD_LETTER. A refund that
 * became final meanwhile needs nothing. Never throws.
 */
@Component
class QueryDeadLetterHandler {

    private static final Logger log = LoggerFactory.getLogger(QueryDeadLetterHandler.class);

    private final RefundRepository refunds;

    private final DeadLetterRecorder recorder;

    private final Clock clock;

    QueryDeadLetterHandler(RefundRepository refunds, DeadLetterRecorder recorder, Clock clock) {
        this.refunds = refunds;
        this.recorder = recorder;
        this.clock = clock;
    }

    public void onDeadLetter(ConsumerRecord<String, byte[]> record) {
        DeadLetterHeaders failure = DeadLetterHeaders.of(record);
        String where = DeadLetterHeaders.coordinates(record);
        Optional<RefundQueryDue> due = RecordValues.readLeniently(record, RefundQueryDue.class);
        Optional<RefundRow> refund = due.filter(d -> d.refundId() > 0).flatMap(d -> find(d.refundId()));
        if (refund.isPresent() && refund.get().status().isFinal()) {
            log.info("query ladder of {} ended, the refund is final: nothing to raise", refund.get());
            return;
        }
        boolean invalid = failure.failedWith(InvalidRecordException.class) || due.isEmpty();
        Kind kind = invalid ? Kind.DEAD_LETTER : Kind.REFUND_UNRESOLVED;
        String key = invalid ? Alerts.deadLetterKey(kind, record) : kind.name() + ":refund:" + due.get().refundId();
        About about = refund.map(r -> RefundResults.about(r, null)).orElseGet(() -> About.fromKey(record.key(), null));
        String what = refund.map(RefundRow::toString)
            .orElse(due.map(d -> "refund " + d.refundNo()).orElse("an unreadable refund query"));
        OpsAlertRaised alert = Alerts.of(key, kind, Severity.ERROR, about,
                what + " is still not final after its last query (dead letter " + where + "): " + failure.error()
                        + "; settle it with the channel",
                clock.instant());
        log.error("query ladder of {} ended unresolved ({}): {}", what, where, failure.error());
        recorder.record(record, alert, () -> {
        });
    }

    private Optional<RefundRow> find(long id) {
        try {
            return refunds.find(id);
        }
        catch (RuntimeException e) {
            log.warn("refund {} of a dead letter could not be read: {}", id, e.toString());
            return Optional.empty();
        }
    }

}
