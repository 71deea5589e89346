package io.paypipe.downstream.batch;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * A reference consumer's own table, guarded by the unique key on the event id: what
 * {@link BatchApplier} needs to apply a batch of events to it once per event id. Each
 * method is one SQL statement.
 *
 * @param <E> the event type
 */
public interface EventTable<E> {

    /** The event id the table's unique key holds. */
    String eventId(E event);

    /**
     * Which of {@code eventIds} the table holds already (a plain read: the insert after
     * it stays guarded by the unique key).
     */
    Set<String> stored(List<String> eventIds);

    /**
     * One multi-row INSERT of {@code events}, none of which the look-up found stored;
     * returns the rows inserted. A duplicate key fails the whole statement.
     */
    int insertAll(List<E> events, Instant now);

    /**
     * One INSERT on its own: {@link EventOutcome#APPLIED}, or
     * {@link EventOutcome#ALREADY_APPLIED} when the unique key holds the event id
     * already.
     */
    EventOutcome insertOne(E event, Instant now);

    /**
     * The event's ids for the per-record DEBUG lines (order, refund; never payloads or
     * payer data).
     */
    String describe(E event);

}
