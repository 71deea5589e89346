package io.paypipe.processor.replay;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code dlt_replay} (the requests) and {@code dlt_replay_record} (what each one
 * republished).
 */
@Repository
class ReplayRepository {

    static final String PENDING = "PENDING";
    static final String PUBLISHED = "PUBLISHED";
    static final String FAILED = "FAILED";

    record Request(String replayId, String requestedBy, String reason, Instant requestedAt, String selectionKind,
            String selectionJson) {
    }

    record Row(String dltTopic, int dltPartition, long dltOffset, Long rawId, String eventId, String orderKey,
            String errorClass, String targetTopic, Integer targetPartition, Long targetOffset, String status,
            String lastError) {
    }

    private final JdbcClient jdbc;

    ReplayRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Records the request; false when the replay id exists already (a retried request
     * keeps its first row).
     */
    boolean insertRequest(Request r) {
        return jdbc
            .sql("""
                    INSERT IGNORE INTO dlt_replay (replay_id, requested_by, reason, requested_at, selection_kind, selection_json)
                    VALUES (:replayId, :by, :reason, :at, :kind, :json)""")
            .param("replayId", r.replayId())
            .param("by", r.requestedBy())
            .param("reason", r.reason())
            .param("at", Timestamp.from(r.requestedAt()))
            .param("kind", r.selectionKind())
            .param("json", r.selectionJson())
            .update() == 1;
    }

    /**
     * Records that this dead letter is about to be republished under the replay; a second
     * call is a no-op.
     */
    void insertPending(String replayId, DeadLetter d, Long rawId, String eventId, String orderKey, Instant now) {
        jdbc.sql(
                """
                        INSERT IGNORE INTO dlt_replay_record (replay_id, dlt_topic, dlt_partition, dlt_offset, raw_id, event_id,
                                                              order_key, error_class, target_topic, status, created_at, updated_at)
                        VALUES (:replayId, :topic, :partition, :offset, :rawId, :eventId, :orderKey, :errorClass, :target,
                                'PENDING', :now, :now)""")
            .param("replayId", replayId)
            .param("topic", d.topic())
            .param("partition", d.partition())
            .param("offset", d.offset())
            .param("rawId", rawId)
            .param("eventId", eventId)
            .param("orderKey", orderKey)
            .param("errorClass", d.causeClass() != null ? d.causeClass() : d.errorClass())
            .param("target", ReplayConfig.TARGET_TOPIC)
            .param("now", Timestamp.from(now))
            .update();
    }

    Optional<String> status(String replayId, DeadLetter d) {
        return jdbc
            .sql("""
                    SELECT status FROM dlt_replay_record
                     WHERE replay_id = :replayId AND dlt_topic = :topic AND dlt_partition = :partition AND dlt_offset = :offset""")
            .param("replayId", replayId)
            .param("topic", d.topic())
            .param("partition", d.partition())
            .param("offset", d.offset())
            .query(String.class)
            .optional();
    }

    void markPublished(String replayId, DeadLetter d, int targetPartition, long targetOffset, Instant now) {
        jdbc.sql(
                """
                        UPDATE dlt_replay_record SET status = 'PUBLISHED', target_partition = :tp, target_offset = :to,
                                                     last_error = NULL, updated_at = :now
                         WHERE replay_id = :replayId AND dlt_topic = :topic AND dlt_partition = :partition AND dlt_offset = :offset""")
            .param("tp", targetPartition)
            .param("to", targetOffset)
            .param("now", Timestamp.from(now))
            .param("replayId", replayId)
            .param("topic", d.topic())
            .param("partition", d.partition())
            .param("offset", d.offset())
            .update();
    }

    void markFailed(String replayId, DeadLetter d, String error, Instant now) {
        jdbc.sql(
                """
                        UPDATE dlt_replay_record SET status = 'FAILED', last_error = :error, updated_at = :now
                         WHERE replay_id = :replayId AND dlt_topic = :topic AND dlt_partition = :partition AND dlt_offset = :offset""")
            .param("error", error.length() <= 512 ? error : error.substring(0, 512))
            .param("now", Timestamp.from(now))
            .param("replayId", replayId)
            .param("topic", d.topic())
            .param("partition", d.partition())
            .param("offset", d.offset())
            .update();
    }

    Optional<Request> request(String replayId) {
        return jdbc.sql("""
                SELECT replay_id, requested_by, reason, requested_at, selection_kind, selection_json
                  FROM dlt_replay WHERE replay_id = :replayId""")
            .param("replayId", replayId)
            .query((rs, n) -> new Request(rs.getString(1), rs.getString(2), rs.getString(3),
                    rs.getTimestamp(4).toInstant(), rs.getString(5), rs.getString(6)))
            .optional();
    }

    List<Row> rows(String replayId) {
        return jdbc.sql("""
                SELECT dlt_topic, dlt_partition, dlt_offset, raw_id, event_id, order_key, error_class, target_topic,
                       target_partition, target_offset, status, last_error
                  FROM dlt_replay_record WHERE replay_id = :replayId ORDER BY dlt_partition, dlt_offset""")
            .param("replayId", replayId)
            .query((rs, n) -> new Row(rs.getString(1), rs.getInt(2), rs.getLong(3), rs.getObject(4, Long.class),
                    rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8), rs.getObject(9, Integer.class),
                    rs.getObject(10, Long.class), rs.getString(11), rs.getString(12)))
            .list();
    }

}
