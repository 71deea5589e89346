package io.paypipe.refund.store;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code refund.last_query_at}: when a refund was last put on the query ladder or
 * queried, so that a refund not final whose chain is gone (the process died between
 * storing it and publishing its {@code RefundQueryDue}) can be told from one whose chain
 * is alive.
 */
@Repository
public class QueryChainRepository {

    private final JdbcClient jdbc;

    QueryChainRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The refund's chain is alive at {@code now}. */
    public void touch(long refundId, Instant now) {
        jdbc.sql("UPDATE refund SET last_query_at = :now WHERE id = :id")
            .param("now", Timestamp.from(now))
            .param("id", refundId)
            .update();
    }

    /**
     * Refunds PENDING or ACCEPTED whose status has not moved since {@code movedBefore}
     * and whose chain was last seen before {@code queriedBefore} (or never), oldest
     * first.
     */
    public List<Long> stuck(Instant movedBefore, Instant queriedBefore, int limit) {
        return jdbc.sql("""
                SELECT id FROM refund
                 WHERE status IN ('PENDING', 'ACCEPTED') AND updated_at < :movedBefore
                   AND (last_query_at IS NULL OR last_query_at < :queriedBefore)
                 ORDER BY updated_at LIMIT :limit
                """)
            .param("movedBefore", Timestamp.from(movedBefore))
            .param("queriedBefore", Timestamp.from(queriedBefore))
            .param("limit", limit)
            .query(Long.class)
            .list();
    }

    /**
     * Takes a stuck refund for this sweep: true for the one sweeper (of all instances)
     * that moved its {@code last_query_at} to {@code now}, false if another did or its
     * chain came back.
     */
    public boolean claim(long refundId, Instant queriedBefore, Instant now) {
        return jdbc.sql("""
                UPDATE refund SET last_query_at = :now
                 WHERE id = :id AND status IN ('PENDING', 'ACCEPTED')
                   AND (last_query_at IS NULL OR last_query_at < :queriedBefore)
                """)
            .param("now", Timestamp.from(now))
            .param("id", refundId)
            .param("queriedBefore", Timestamp.from(queriedBefore))
            .update() == 1;
    }

}
