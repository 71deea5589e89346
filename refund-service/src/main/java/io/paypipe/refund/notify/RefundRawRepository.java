package io.paypipe.refund.notify;

import io.paypipe.core.raw.Handled;
import io.paypipe.support.alert.Alerts.About;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * refund-service's side of {@code pay_refund_raw} (ingress stores the rows, one per
 * status change of a refund): it counts failed attempts and settles rows, handled 1
 * (applied, or nothing to do) or 2 (a person must look: there is an alert with the row's
 * id).
 */
@Repository
class RefundRawRepository {

    private final JdbcClient jdbc;

    RefundRawRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** What an alert about row {@code rawId} names. */
    Optional<About> about(long rawId) {
        return jdbc.sql("""
                SELECT tenant_id, merchant_id, out_trade_no, channel, channel_trade_no FROM pay_refund_raw
                 WHERE id = :id""")
            .param("id", rawId)
            .query((rs, i) -> new About(rs.getString("tenant_id"), rs.getString("merchant_id"),
                    rs.getString("out_trade_no"), rs.getString("channel"), rs.getString("channel_trade_no"), rawId))
            .optional();
    }

    int settle(long rawId, Handled handled, String why, Instant now) {
        return jdbc
            .sql("UPDATE pay_refund_raw SET handled = :handled, last_error = :why, updated_at = :now WHERE id = :id")
            .param("handled", handled.column())
            .param("why", why == null ? null : clip(why))
            .param("now", Timestamp.from(now))
            .param("id", rawId)
            .update();
    }

    /** Sets a row aside (handled=2) only if nothing settled it yet. */
    int setAsideIfUnsettled(long rawId, String why, Instant now) {
        return jdbc.sql("""
                UPDATE pay_refund_raw SET handled = :aside, last_error = :why, updated_at = :now
                 WHERE id = :id AND handled = :received""")
            .param("aside", Handled.NEEDS_A_PERSON.column())
            .param("why", clip(why))
            .param("now", Timestamp.from(now))
            .param("id", rawId)
            .param("received", Handled.RECEIVED.column())
            .update();
    }

    int recordFailedAttempt(long rawId, String error, Instant now) {
        return jdbc.sql("""
                UPDATE pay_refund_raw SET attempts = attempts + 1, last_error = :error, updated_at = :now
                 WHERE id = :id""")
            .param("error", clip(error))
            .param("now", Timestamp.from(now))
            .param("id", rawId)
            .update();
    }

    private static String clip(String text) {
        return text.length() <= 512 ? text : text.substring(0, 512);
    }

}
