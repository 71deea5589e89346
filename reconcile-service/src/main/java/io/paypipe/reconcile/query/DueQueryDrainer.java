package io.paypipe.reconcile.query;

import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import io.paypipe.support.deadletter.DeadLetterRecorder;
import io.paypipe.support.failure.InvalidRecordException;
import io.paypipe.support.inbound.RecordValues;
import io.paypipe.support.inbound.RecordValues.Required;
import io.paypipe.support.kafka.RetryTopics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.BatchAcknowledgingConsumerAwareMessageListener;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.kafka.support.Acknowledgment;
import org.springframework.scheduling.TaskScheduler;

/**
 * Drains one delayed topic ({@code payment.query.delay-<d>}) of the active query, or
 * {@code payment.query} itself (every record due at once). Each partition is a FIFO of
 * records that all wait the same delay, so they are due in the order they were written:
 * the records of a poll are handled in order, partition by partition, until one is not
 * due yet; that partition is then sought back to it and paused until its due time
 * ({@code MessageListenerContainer#pausePartition}, resumed by a scheduler), while the
 * other partitions go on. Offsets of the handled records are committed by this listener
 * (container AckMode MANUAL, nothing acknowledged through the container).
 * <p>
 * <b>Why not spring-kafka's retry topics</b> (as refund-service's query ladder): a retry
 * topic has one fixed delay, reached by failing the record level by level, and its levels
 * are the same for every record; here each merchant has its own ladder, an attempt may be
 * repeated at another delay (a rate-limited or failed answer, no rate permit) and the
 * expiry cuts a step short, so a record must be able to go to any delay at any step: one
 * topic per distinct delay (a tier), written by whoever schedules the step.
 * <p>
 * A record whose handling failed transiently (database, broker:
 * {@link RetryTopics#RETRIED}) is handled again in place after
 * {@code reconcile.query.handling-retry} (the partition waits). A record that cannot be
 * read, or fails otherwise, is recorded as a dead letter (DEAD_LETTER alert) and passed.
 */
final class DueQueryDrainer implements BatchAcknowledgingConsumerAwareMessageListener<String, byte[]> {

    private static final Logger log = LoggerFactory.getLogger(DueQueryDrainer.class);

    private final PaymentQueries queries;

    private final DeadLetterRecorder deadLetters;

    private final TaskScheduler scheduler;

    private final Clock clock;

    private final boolean waitUntilDue;

    private final Duration handlingRetry;

    private MessageListenerContainer container;

    DueQueryDrainer(PaymentQueries queries, DeadLetterRecorder deadLetters, TaskScheduler scheduler, Clock clock,
            boolean waitUntilDue, Duration handlingRetry) {
        this.queries = queries;
        this.deadLetters = deadLetters;
        this.scheduler = scheduler;
        this.clock = clock;
        this.waitUntilDue = waitUntilDue;
        this.handlingRetry = handlingRetry;
    }

    /** The container whose partitions this listener pauses. */
    void drains(MessageListenerContainer container) {
        this.container = container;
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, byte[]>> records, Acknowledgment ack, Consumer<?, ?> consumer) {
        Map<TopicPartition, OffsetAndMetadata> handled = new HashMap<>();
        Set<TopicPartition> held = new HashSet<>();
        for (ConsumerRecord<String, byte[]> record : records) {
            TopicPartition partition = new TopicPartition(record.topic(), record.partition());
            if (held.contains(partition)) {
                continue;
            }
            Optional<Instant> holdUntil = handle(record);
            if (holdUntil.isPresent()) {
                held.add(partition);
                consumer.seek(partition, record.offset());
                container.pausePartition(partition);
                scheduler.schedule(() -> container.resumePartition(partition), holdUntil.get());
            }
            else {
                handled.put(partition, new OffsetAndMetadata(record.offset() + 1));
            }
        }
        if (!handled.isEmpty()) {
            consumer.commitSync(handled);
        }
    }

    /** Empty when the record is done with; else until when its partition waits. */
    private Optional<Instant> handle(ConsumerRecord<String, byte[]> record) {
        PaymentQueryDue due;
        try {
            due = RecordValues.read(record, PaymentQueryDue.class, DueQueryDrainer::missing);
        }
        catch (InvalidRecordException e) {
            deadLetter(record, e);
            return Optional.empty();
        }
        Instant now = clock.instant();
        if (waitUntilDue && due.dueAt().isAfter(now)) {
            return Optional.of(due.dueAt());
        }
        try {
            queries.handle(due, QuerySchedule.failures(record.headers()));
            return Optional.empty();
        }
        catch (RuntimeException e) {
            if (isTransient(e)) {
                log.warn("payment query {} of order {} failed ({}), handled again in {} ms", due.eventId(),
                        due.orderKey(), e.toString(), handlingRetry.toMillis());
                return Optional.of(now.plus(handlingRetry));
            }
            deadLetter(record, e);
            return Optional.empty();
        }
    }

    static boolean isTransient(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            Throwable failure = t;
            if (RetryTopics.RETRIED.stream().anyMatch(type -> type.isInstance(failure))) {
                return true;
            }
        }
        return false;
    }

    private void deadLetter(ConsumerRecord<String, byte[]> record, RuntimeException e) {
        String where = record.topic() + "-" + record.partition() + "@" + record.offset();
        log.error("payment query {} cannot be handled, passed as a dead letter: {}", where, e.toString(), e);
        deadLetters.record(record,
                Alerts.aboutDeadLetter(record, Kind.DEAD_LETTER, About.fromKey(record.key(), null),
                        "payment query " + where + " cannot be handled (" + e.getClass().getSimpleName()
                                + "): the order's query chain stops here; query the order by hand",
                        clock.instant()),
                () -> {
                });
    }

    static List<String> missing(PaymentQueryDue q) {
        var required = new Required().field("eventId", q.eventId())
            .field("orderKey", q.orderKey())
            .field("channel", q.channel())
            .field("reason", q.reason())
            .field("dueAt", q.dueAt())
            .field("expiresAt", q.expiresAt());
        if (q.orderKey() != null) {
            required.partsOf("orderKey", q.orderKey());
        }
        return required.missing();
    }

}
