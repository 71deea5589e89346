package io.paypipe.processor.transition;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.processor.config.ProcessorProperties;
import io.paypipe.processor.publish.EventPublisher;
import io.paypipe.processor.transition.BatchSends.Failure;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.inbound.FailedAttempts;
import io.paypipe.support.inbound.RecordValues;
import io.paypipe.support.kafka.BatchListeners;
import io.paypipe.support.logging.LogFields;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.listener.BatchMessageListener;
import org.springframework.stereotype.Component;

/**
 * Consumes {@code payment.notify} in batches ({@code processor.batch.enabled}, see
 * {@link PaymentBatchConfig}): the records of one poll, partition by partition in offset
 * order. The batch is applied in one transaction ({@link BatchApplier}); after the commit
 * the after-commit hook runs for each record, then the events of all records are sent and
 * awaited together ({@link BatchSends}) before the container commits the offsets. If the
 * transaction fails for any reason it is rolled back and the records are applied one by
 * one, exactly as the per-record listener does ({@link PaymentDispatcher#handle}); a poll
 * of fewer than {@code processor.batch.min-records} takes that path at once.
 * <p>
 * The first record that fails (cannot be read, its order is not there yet, its events
 * were not confirmed) is counted on its raw row and thrown as a
 * {@link BatchListenerFailedException} naming it, after every record before it is
 * committed and published: the container commits their offsets, the error handler
 * forwards the failed record to the first retry topic (or the dead-letter topic) exactly
 * as the per-record listener's would, and hands the records after it to this listener
 * again. Records on the retry topics are handled one by one by
 * {@link PaymentNotifiedListener}.
 */
@Component
class PaymentBatchListener implements BatchMessageListener<String, byte[]> {

    private static final Logger log = LoggerFactory.getLogger(PaymentBatchListener.class);

    private final BatchApplier batches;

    private final PaymentDispatcher dispatcher;

    private final DownstreamPublisher publisher;

    private final AlertPublisher alerts;

    private final EventPublisher events;

    private final AfterCommitHook afterCommit;

    private final FailedAttempts attempts;

    private final int minRecords;

    private final BatchMeters meters;

    PaymentBatchListener(BatchApplier batches, PaymentDispatcher dispatcher, DownstreamPublisher publisher,
            AlertPublisher alerts, EventPublisher events, AfterCommitHook afterCommit, RawSettlementRepository raws,
            Clock clock, ProcessorProperties props, MeterRegistry meters) {
        this.batches = batches;
        this.dispatcher = dispatcher;
        this.publisher = publisher;
        this.alerts = alerts;
        this.events = events;
        this.afterCommit = afterCommit;
        this.attempts = new FailedAttempts("raw", raws::recordFailedAttempt, clock);
        this.minRecords = props.batch().minRecords();
        this.meters = new BatchMeters(meters);
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, byte[]>> records) {
        List<PaymentNotified> notes = new ArrayList<>(records.size());
        Optional<Failure> failed = Optional.empty();
        for (ConsumerRecord<String, byte[]> record : records) {
            try {
                notes.add(RecordValues.readNotice(record, PaymentNotified.class, PaymentNotifiedListener::missing));
            }
            catch (RuntimeException e) {
                // a record that breaks the contract: not counted, straight to the dead
                // letters
                failed = Optional.of(new Failure(notes.size(), e));
                break;
            }
        }
        Optional<Failure> applying = notes.size() >= minRecords ? together(notes, records) : oneByOne(notes);
        failed = applying.isPresent() ? applying : failed;
        if (failed.isPresent()) {
            throw BatchListeners.failedAt(records, failed.get().index(), failed.get().cause());
        }
    }

    /** The per-record path: each record in its own transaction, each failure counted. */
    private Optional<Failure> oneByOne(List<PaymentNotified> notes) {
        meters.oneByOne(notes.size());
        for (int i = 0; i < notes.size(); i++) {
            PaymentNotified n = notes.get(i);
            try {
                attempts.counting(n, () -> dispatcher.handle(n));
            }
            catch (RuntimeException e) {
                return Optional.of(new Failure(i, e));
            }
        }
        return Optional.empty();
    }

    private Optional<Failure> together(List<PaymentNotified> notes, List<ConsumerRecord<String, byte[]>> records) {
        long start = System.nanoTime();
        BatchApplier.Applied applied;
        try {
            applied = batches.apply(notes);
        }
        catch (RuntimeException e) {
            BatchMeters.withBatch(log.atWarn(), records)
                .addKeyValue(LogFields.OUTCOME, "rolled-back")
                .log("batch of {} notifications from {} rolled back ({}); applying them one by one", notes.size(),
                        BatchMeters.coordinates(records), e.toString());
            meters.fellBack(notes.size());
            return oneByOne(notes);
        }
        List<Decided> decided = applied.decided();
        Optional<Failure> failed = applied.stopped().map(e -> new Failure(decided.size(), e));
        int limit = decided.size();
        long committed = System.nanoTime();
        // after the commit and before anything is published: the crash window
        for (int i = 0; i < limit; i++) {
            try {
                afterCommit.afterCommit(notes.get(i), decided.get(i).outcome().written());
            }
            catch (RuntimeException e) {
                failed = Optional.of(new Failure(i, e));
                limit = i;
                break;
            }
        }
        BatchSends sends = new BatchSends(publisher, alerts, events);
        for (int i = 0; i < limit; i++) {
            try {
                dispatcher.dispatch(notes.get(i), decided.get(i).outcome(), sends.of(i), Level.DEBUG);
            }
            catch (RuntimeException e) {
                failed = Optional.of(new Failure(i, e));
                limit = i;
                break;
            }
        }
        Optional<Failure> unconfirmed = sends.awaitEvents();
        if (unconfirmed.isPresent()) {
            failed = unconfirmed;
            limit = unconfirmed.get().index();
        }
        for (int i = 0; i < limit; i++) {
            PaymentNotified n = notes.get(i);
            decided.get(i).rowOutcome().ifPresent(row -> sends.settled(n, row));
        }
        sends.awaitSettlements();
        meters.together(decided.size());
        BatchMeters.withBatch(log.atInfo(), records)
            .addKeyValue(LogFields.OUTCOME, failed.isPresent() ? "partly-applied" : "applied")
            .addKeyValue(LogFields.DURATION_MS, (System.nanoTime() - start) / 1_000_000)
            .log("batch of {} notifications from {}: {} applied in one transaction ({} ms: {}), {} published ({}"
                    + " events, {} ms){}", notes.size(), BatchMeters.coordinates(records), decided.size(),
                    (committed - start) / 1_000_000, applied.phases().summary(), limit, sends.eventsSent(),
                    (System.nanoTime() - committed) / 1_000_000,
                    failed.map(f -> ", record " + f.index() + " failed: " + f.cause()).orElse(""));
        // only the record given up on counts a failed attempt: the ones after it come
        // again
        failed.ifPresent(f -> attempts.failed(notes.get(f.index()), f.cause()));
        return failed;
    }

}
