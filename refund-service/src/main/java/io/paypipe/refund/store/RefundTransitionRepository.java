package io.paypipe.refund.store;

import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code refund_transition}: every status change of a refund, once ({@code (refund_id,
 * to_status)} is unique). A new refund's first row is {@value #NEW} -> PENDING.
 */
@Repository
public class RefundTransitionRepository {

    /** The {@code from_status} of a refund's first row. */
    public static final String NEW = "NEW";

    private final JdbcClient jdbc;

    RefundTransitionRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public void insert(long refundId, String from, String to, RefundCause cause, Long rawId, String detail,
            Instant now) {
        jdbc.sql("""
                INSERT INTO refund_transition (refund_id, from_status, to_status, cause, raw_id, detail, created_at)
                VALUES (:refundId, :from, :to, :cause, :rawId, :detail, :now)
                """)
            .param("refundId", refundId)
            .param("from", from)
            .param("to", to)
            .param("cause", cause.name())
            .param("rawId", rawId)
            .param("detail", detail == null || detail.length() <= 256 ? detail : detail.substring(0, 256))
            .param("now", Timestamp.from(now))
            .update();
    }

}
