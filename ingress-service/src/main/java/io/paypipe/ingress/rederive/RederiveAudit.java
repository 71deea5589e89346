package io.paypipe.ingress.rederive;

import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Repository;

/**
 * {@code raw_rederive}: one row per raw row a re-derive with apply re-derived or refused,
 * of either raw table ({@code raw_table}), written before the raw row is touched and
 * completed with the result.
 */
@Repository
class RederiveAudit {

    private final JdbcClient jdbc;

    RederiveAudit(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** One audit row: who re-derived which row, why, from what to what; its id. */
    long audit(String rederiveId, String table, RederiveReport.Row result, String by, String reason, Instant at) {
        var keys = new GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO raw_rederive (rederive_id, raw_table, raw_id, requested_by, reason, before_state,
                    after_state, result, detail, event_id, created_at, updated_at)
                VALUES (:rederiveId, :table, :rawId, :by, :reason, :before, :after, :result, :detail, :eventId,
                    :at, :at)""")
            .param("rederiveId", rederiveId)
            .param("table", table)
            .param("rawId", result.rawId())
            .param("by", by)
            .param("reason", reason)
            .param("before", clip(result.before(), 255), Types.VARCHAR)
            .param("after", clip(result.after(), 255), Types.VARCHAR)
            .param("result", result.action().name())
            .param("detail", clip(result.detail(), 512), Types.VARCHAR)
            .param("eventId", null, Types.VARCHAR)
            .param("at", Timestamp.from(at))
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    /** The audit row's result once it is known. */
    void audited(long auditId, RederiveReport.Action result, String detail, String eventId, Instant at) {
        jdbc.sql("""
                UPDATE raw_rederive SET result = :result, detail = :detail, event_id = :eventId, updated_at = :at
                 WHERE id = :id""")
            .param("result", result.name())
            .param("detail", clip(detail, 512), Types.VARCHAR)
            .param("eventId", eventId, Types.VARCHAR)
            .param("at", Timestamp.from(at))
            .param("id", auditId)
            .update();
    }

    private static String clip(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }

}
