package io.paypipe.downstream.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;

class BatchApplierTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T05:00:00Z"), ZoneOffset.UTC);

    @Test
    void givenRepeatsAndAStoredId_whenApplied_thenOneInsertOfTheNewIdsInOneCommittedTransaction() {
        // Given a table holding "a"
        Table table = new Table(Set.of("a"));
        Transactions transactions = new Transactions();

        // When a batch carries a, b, b, c
        BatchResult result = applier(table, transactions).apply(List.of("a", "b", "b", "c"));

        // Then b and c went in one multi-row insert, committed, nothing by record
        assertThat(result).isEqualTo(new BatchResult(4, 2, 1, 1, Optional.empty()));
        assertThat(table.multiRowInserts).containsExactly(List.of("b", "c"));
        assertThat(table.singleInserts).isEmpty();
        assertThat(transactions.outcomes).containsExactly("commit");
    }

    @Test
    void givenADuplicateKeyOnTheMultiRowInsert_whenApplied_thenRolledBackAndAppliedByRecord() {
        // Given a multi-row insert that meets a duplicate key
        Table table = new Table(Set.of());
        table.duplicateOnMultiRow = true;
        Transactions transactions = new Transactions();

        // When a batch carries b, c, b
        BatchResult result = applier(table, transactions).apply(List.of("b", "c", "b"));

        // Then the transaction rolled back and each id went in by record, once
        assertThat(result).isEqualTo(
                new BatchResult(3, 2, 0, 1, Optional.of("a duplicate key (an event id stored since the look-up)")));
        assertThat(transactions.outcomes).containsExactly("rollback");
        assertThat(table.singleInserts).containsExactly("b", "c");
    }

    @Test
    void givenOnlyStoredIds_whenApplied_thenNothingIsInserted() {
        Table table = new Table(Set.of("a", "b"));

        BatchResult result = applier(table, new Transactions()).apply(List.of("b", "a"));

        assertThat(result).isEqualTo(new BatchResult(2, 0, 2, 0, Optional.empty()));
        assertThat(table.multiRowInserts).isEmpty();
    }

    private static BatchApplier<String> applier(Table table, Transactions transactions) {
        return new BatchApplier<>("test", table, transactions, CLOCK, LoggerFactory.getLogger(BatchApplierTest.class));
    }

    /** Events are their own ids; the table is a set. */
    private static final class Table implements EventTable<String> {

        final Set<String> stored;

        final List<List<String>> multiRowInserts = new ArrayList<>();

        final List<String> singleInserts = new ArrayList<>();

        boolean duplicateOnMultiRow;

        Table(Set<String> stored) {
            this.stored = new HashSet<>(stored);
        }

        @Override
        public String eventId(String event) {
            return event;
        }

        @Override
        public Set<String> stored(List<String> eventIds) {
            Set<String> found = new HashSet<>(eventIds);
            found.retainAll(stored);
            return found;
        }

        @Override
        public int insertAll(List<String> events, Instant now) {
            if (duplicateOnMultiRow) {
                throw new DuplicateKeyException("Duplicate entry");
            }
            multiRowInserts.add(List.copyOf(events));
            stored.addAll(events);
            return events.size();
        }

        @Override
        public EventOutcome insertOne(String event, Instant now) {
            singleInserts.add(event);
            return stored.add(event) ? EventOutcome.APPLIED : EventOutcome.ALREADY_APPLIED;
        }

        @Override
        public String describe(String event) {
            return event;
        }

    }

    /** Records how each transaction ended. */
    private static final class Transactions extends AbstractPlatformTransactionManager {

        final List<String> outcomes = new ArrayList<>();

        @Override
        protected Object doGetTransaction() {
            return new Object();
        }

        @Override
        protected void doBegin(Object transaction, TransactionDefinition definition) {
        }

        @Override
        protected void doCommit(DefaultTransactionStatus status) {
            outcomes.add("commit");
        }

        @Override
        protected void doRollback(DefaultTransactionStatus status) {
            outcomes.add("rollback");
        }

    }

}
