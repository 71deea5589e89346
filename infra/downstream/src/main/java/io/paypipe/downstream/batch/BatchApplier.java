package io.paypipe.downstream.batch;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.support.KafkaUtils;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Applies a batch of records to a reference consumer's {@link EventTable}, each event id
 * once, in one transaction: the event ids repeated within the batch are dropped in
 * memory, one look-up finds the ids the table holds already, one multi-row INSERT stores
 * the rest. The unique key on the event id still guards that INSERT: should it meet a
 * duplicate key anyway (another consumer stored one of the ids since the look-up, e.g. a
 * consumer that lost its partition during a rebalance) or insert another number of rows
 * than it was given, the transaction rolls back as a whole and the batch goes the
 * per-record way instead, one INSERT per event with a duplicate key meaning "already
 * applied", so the outcome never depends on the fast path. The container commits the
 * batch's offsets after this returns, i.e. after the database commit; a failure (the
 * database down) throws, and the container's error handler delivers the whole batch
 * again.
 * <p>
 * An unreadable record ends the batch: the records before it are applied, then a
 * {@link BatchListenerFailedException} names it, so that the container's error handler
 * commits the offsets before it, handles it as it handled unreadable records before
 * batches (logged at ERROR and skipped, its offset committed) and delivers the records
 * after it again.
 * <p>
 * One line per batch at INFO (WARN when it fell back), one per record at DEBUG.
 *
 * @param <E> the event type
 */
public final class BatchApplier<E> {

    private final String consumer;

    private final EventTable<E> table;

    private final TransactionTemplate transactions;

    private final Clock clock;

    private final Logger log;

    /**
     * @param consumer the consumer's name in the log lines
     * @param log the consumer's logger
     */
    public BatchApplier(String consumer, EventTable<E> table, PlatformTransactionManager transactionManager,
            Clock clock, Logger log) {
        this.consumer = consumer;
        this.table = table;
        this.transactions = new TransactionTemplate(transactionManager);
        this.clock = clock;
        this.log = log;
    }

    /**
     * A batch listener's body: the records of one poll, in offset order per partition.
     */
    public void onBatch(List<ConsumerRecord<String, E>> records) {
        long start = System.nanoTime();
        Optional<Unreadable> unreadable = Unreadable.first(records);
        int readable = unreadable.map(Unreadable::index).orElse(records.size());
        List<E> events = new ArrayList<>(readable);
        records.subList(0, readable).forEach(r -> events.add(r.value()));
        BatchResult result = apply(events);
        BatchSummary.log(log, consumer, records.subList(0, readable), result, unreadable.map(Unreadable::record),
                (System.nanoTime() - start) / 1_000_000);
        if (unreadable.isPresent()) {
            Unreadable bad = unreadable.get();
            throw new BatchListenerFailedException(
                    consumer + ": unreadable record " + KafkaUtils.format(bad.record()) + " left to the error handler",
                    bad.cause(), bad.index());
        }
    }

    /**
     * Applies {@code events} (readable, in offset order) once per event id and says what
     * it did.
     */
    public BatchResult apply(List<E> events) {
        if (events.isEmpty()) {
            return new BatchResult(0, 0, 0, 0, Optional.empty());
        }
        Instant now = clock.instant();
        Map<String, E> firsts = new LinkedHashMap<>();
        events.forEach(e -> firsts.putIfAbsent(table.eventId(e), e));
        Attempt attempt = Objects.requireNonNull(transactions.execute(status -> inOneTransaction(firsts, now, status)));
        Map<String, EventOutcome> outcomes = switch (attempt) {
            case Attempt.Committed committed -> committed.outcomes();
            case Attempt.RolledBack rolledBack -> perRecord(firsts, now);
        };
        return count(events, outcomes, switch (attempt) {
            case Attempt.Committed committed -> Optional.empty();
            case Attempt.RolledBack rolledBack -> Optional.of(rolledBack.why());
        });
    }

    private Attempt inOneTransaction(Map<String, E> firsts, Instant now, TransactionStatus status) {
        Set<String> stored = table.stored(List.copyOf(firsts.keySet()));
        Map<String, EventOutcome> outcomes = new HashMap<>();
        List<E> fresh = new ArrayList<>();
        firsts.forEach((id, event) -> {
            outcomes.put(id, stored.contains(id) ? EventOutcome.ALREADY_APPLIED : EventOutcome.APPLIED);
            if (!stored.contains(id)) {
                fresh.add(event);
            }
        });
        if (fresh.isEmpty()) {
            return new Attempt.Committed(outcomes);
        }
        try {
            int inserted = table.insertAll(fresh, now);
            if (inserted == fresh.size()) {
                return new Attempt.Committed(outcomes);
            }
            status.setRollbackOnly();
            return new Attempt.RolledBack(inserted + " rows inserted for " + fresh.size() + " new events");
        }
        catch (DuplicateKeyException e) {
            status.setRollbackOnly();
            return new Attempt.RolledBack("a duplicate key (an event id stored since the look-up)");
        }
    }

    /** Today's per-record path: one INSERT per event id, each committed on its own. */
    private Map<String, EventOutcome> perRecord(Map<String, E> firsts, Instant now) {
        Map<String, EventOutcome> outcomes = new HashMap<>();
        firsts.forEach((id, event) -> outcomes.put(id, table.insertOne(event, now)));
        return outcomes;
    }

    private BatchResult count(List<E> events, Map<String, EventOutcome> outcomes, Optional<String> fellBackBecause) {
        int applied = 0;
        int already = 0;
        int repeated = 0;
        Set<String> seen = new HashSet<>();
        for (E event : events) {
            String id = table.eventId(event);
            EventOutcome outcome = seen.add(id) ? outcomes.get(id) : EventOutcome.REPEATED_IN_BATCH;
            switch (outcome) {
                case APPLIED -> applied++;
                case ALREADY_APPLIED -> already++;
                case REPEATED_IN_BATCH -> repeated++;
            }
            if (log.isDebugEnabled()) {
                log.debug("{}: event {} ({}) {}", consumer, id, table.describe(event), BatchSummary.words(outcome));
            }
        }
        return new BatchResult(events.size(), applied, already, repeated, fellBackBecause);
    }

    /** What the one-transaction attempt came to. */
    private sealed interface Attempt {

        /** Committed: each first event id's outcome. */
        record Committed(Map<String, EventOutcome> outcomes) implements Attempt {
        }

        /** Rolled back, nothing of it stored: why. */
        record RolledBack(String why) implements Attempt {
        }

    }

}
