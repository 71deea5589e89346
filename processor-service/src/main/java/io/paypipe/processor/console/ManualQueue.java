package io.paypipe.processor.console;

import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * The manual queue's one action: a person resolves a raw payment row set aside for a
 * person ({@code handled=2}) after deciding it outside the product (the channel's
 * dashboard, the merchant). One guarded UPDATE takes the row 2 -> 1 only while it is
 * still 2, and one {@code raw_resolution} row (V16) records who, when, the note and the
 * outcome and reason the row had, in the same transaction. Resolving changes no order and
 * no ledger row: it only takes the row off the queue (and off the manual gauge).
 */
@Repository
class ManualQueue {

    private static final Logger log = LoggerFactory.getLogger(ManualQueue.class);

    /** What a resolve did. */
    sealed interface Resolution {

        record Resolved(long rawId) implements Resolution {
        }

        /** The row is not (or no longer) set aside: someone else resolved it first. */
        record NotManual(long rawId) implements Resolution {
        }

    }

    private record Before(String outcome, String lastError) {
    }

    private final JdbcClient jdbc;

    private final Clock clock;

    ManualQueue(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    @Transactional
    Resolution resolve(long rawId, String by, String note) {
        Optional<Before> before = setAsideRow(rawId);
        if (before.isEmpty() || !settle(rawId)) {
            return new Resolution.NotManual(rawId);
        }
        record(rawId, before.get(), by, note);
        log.info("manual queue: raw {} resolved by {} (outcome was {})", rawId, by, before.get().outcome());
        return new Resolution.Resolved(rawId);
    }

    private Optional<Before> setAsideRow(long rawId) {
        return jdbc.sql("SELECT outcome, last_error FROM pay_notify_raw WHERE id = :id AND handled = 2 FOR UPDATE")
            .param("id", rawId)
            .query(Before.class)
            .optional();
    }

    private boolean settle(long rawId) {
        return jdbc.sql("UPDATE pay_notify_raw SET handled = 1, updated_at = :now WHERE id = :id AND handled = 2")
            .param("now", clock.instant())
            .param("id", rawId)
            .update() == 1;
    }

    private void record(long rawId, Before before, String by, String note) {
        jdbc.sql("""
                INSERT INTO raw_resolution (raw_id, outcome, last_error, resolved_by, note, resolved_at)
                VALUES (:rawId, :outcome, :lastError, :by, :note, :now)""")
            .param("rawId", rawId)
            .param("outcome", before.outcome())
            .param("lastError", before.lastError())
            .param("by", by)
            .param("note", note)
            .param("now", clock.instant())
            .update();
    }

}
