package io.paypipe.reconcile.retention;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The statements of one archive batch. Table names come from {@link RawTable} only.
 * {@link #candidates} is a plain (non-locking) read on
 * {@code idx_*_handled_created (handled, created_at)}; the other three run in one short
 * transaction ({@link RawRetention}).
 */
@Repository
class RawArchiveRepository {

    /** Where a run is in a table: the last row it looked at. */
    record Cursor(Instant createdAt, long id) {

        static Cursor start(Instant from) {
            return new Cursor(from, 0);
        }

    }

    /** A settled row that still has its body. */
    record Candidate(long id, Instant createdAt) {
    }

    private final JdbcClient jdbc;

    RawArchiveRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Settled rows stored before {@code before} with their body, after {@code cursor} in
     * (created_at, id) order, at most {@code limit}.
     */
    List<Candidate> candidates(RawTable t, Cursor cursor, Instant before, int limit) {
        return jdbc
            .sql("SELECT id, created_at FROM " + t.table()
                    + " WHERE handled = 1 AND created_at >= :at AND created_at < :before"
                    + " AND (created_at > :at OR id > :id) AND raw_body IS NOT NULL"
                    + " ORDER BY created_at, id LIMIT :limit")
            .param("at", Timestamp.from(cursor.createdAt()))
            .param("id", cursor.id())
            .param("before", Timestamp.from(before))
            .param("limit", limit)
            .query((rs, i) -> new Candidate(rs.getLong("id"), rs.getTimestamp("created_at").toInstant()))
            .list();
    }

    /**
     * Locks those of {@code ids} still settled and with a body; a row the hot path holds
     * (the processor's FOR UPDATE) is skipped, never waited for.
     */
    List<Long> lockSettled(RawTable t, List<Long> ids) {
        return jdbc
            .sql("SELECT id FROM " + t.table()
                    + " WHERE id IN (:ids) AND handled = 1 AND raw_body IS NOT NULL FOR UPDATE SKIP LOCKED")
            .param("ids", ids)
            .query(Long.class)
            .list();
    }

    /** Copies the bodies (and key columns) of the locked rows to the archive. */
    int copyToArchive(RawTable t, List<Long> ids, Instant now) {
        return jdbc
            .sql("INSERT INTO " + t.archive() + " (id, " + t.keyColumns() + ", raw_body, created_at, archived_at)"
                    + " SELECT id, " + t.keyColumns() + ", raw_body, created_at, :now FROM " + t.table()
                    + " WHERE id IN (:ids)")
            .param("now", Timestamp.from(now))
            .param("ids", ids)
            .update();
    }

    /** Clears the bodies of the locked rows; updated_at (the settle time) stays. */
    int clearBodies(RawTable t, List<Long> ids) {
        return jdbc.sql("UPDATE " + t.table() + " SET raw_body = NULL WHERE id IN (:ids) AND handled = 1")
            .param("ids", ids)
            .update();
    }

}
