package io.paypipe.processor.replay;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The replay audit's purge: requests by age ({@code idx_dlt_replay_requested}), then
 * their records in chunks, then the requests, each an autocommit statement. A purge cut
 * short leaves the request row, so the next one finds it again.
 */
@Repository
class ReplayAuditRows {

    private final JdbcClient jdbc;

    ReplayAuditRows(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The oldest requests made before {@code before}, at most {@code limit}. */
    List<String> requestsBefore(Instant before, int limit) {
        return jdbc.sql("""
                SELECT replay_id FROM dlt_replay WHERE requested_at < :before ORDER BY requested_at, id LIMIT :limit""")
            .param("before", Timestamp.from(before))
            .param("limit", limit)
            .query(String.class)
            .list();
    }

    /** Deletes at most {@code limit} records of those requests; the rows deleted. */
    int deleteRecords(List<String> replayIds, int limit) {
        return jdbc.sql("DELETE FROM dlt_replay_record WHERE replay_id IN (:ids) LIMIT :limit")
            .param("ids", replayIds)
            .param("limit", limit)
            .update();
    }

    /** Deletes the requests (their records first: {@link #deleteRecords}). */
    int deleteRequests(List<String> replayIds) {
        return jdbc.sql("DELETE FROM dlt_replay WHERE replay_id IN (:ids)").param("ids", replayIds).update();
    }

}
