package io.paypipe.refund.store;

import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code refund_task.status}, forward only, by guarded UPDATEs: {@value #PENDING} (as the
 * processor writes it) -> {@value #REFUNDING} when its refund is stored ->
 * {@value #REFUNDED} / {@value #FAILED} when that refund is final (or {@value #FAILED}
 * when its trade cannot take the refund at all). A task already past a status is left.
 */
@Repository
public class RefundTaskRepository {

    public static final String PENDING = "PENDING";

    public static final String REFUNDING = "REFUNDING";

    public static final String REFUNDED = "REFUNDED";

    public static final String FAILED = "FAILED";

    private final JdbcClient jdbc;

    RefundTaskRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** PENDING -> REFUNDING: its refund is stored. Rows changed (0 or 1). */
    public int refunding(long taskId, Instant now) {
        return jdbc.sql("""
                UPDATE refund_task SET status = 'REFUNDING', updated_at = :now
                 WHERE id = :id AND status = 'PENDING'
                """).param("id", taskId).param("now", Timestamp.from(now)).update();
    }

    /**
     * PENDING / REFUNDING -> {@code to} ({@value #REFUNDED} or {@value #FAILED}): its
     * refund is final, or it cannot be made. Rows changed (0 or 1).
     */
    public int settle(long taskId, String to, Instant now) {
        if (!REFUNDED.equals(to) && !FAILED.equals(to)) {
            throw new IllegalArgumentException("not a final task status: " + to);
        }
        return jdbc.sql("""
                UPDATE refund_task SET status = :to, updated_at = :now
                 WHERE id = :id AND status IN ('PENDING', 'REFUNDING')
                """).param("id", taskId).param("to", to).param("now", Timestamp.from(now)).update();
    }

}
