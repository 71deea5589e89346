package io.paypipe.processor.transition;

import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The processor's side of {@code pay_notify_raw}: it counts failed attempts and settles rows (handled 1 or 2). */
@Repository
public class RawNotificationRepository {

    public static final int APPLIED = 1;
    public static final int NEEDS_A_PERSON = 2;

    private final JdbcClient jdbc;

    RawNotificationRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Settles a row with its outcome; {@code error} says why when handled is 2, else null. A DUPLICATE keeps
     * the outcome the row already has (a re-delivery of an APPLIED notification is still the one that applied).
     */
    public int settle(long rawId, int handled, String outcome, String error, Instant now) {
        return jdbc.sql("""
                        UPDATE pay_notify_raw SET handled = :handled, last_error = :error, updated_at = :now,
                               outcome = CASE WHEN :outcome = 'DUPLICATE' AND outcome IS NOT NULL THEN outcome ELSE :outcome END
                         WHERE id = :id""")
                .param("handled", handled)
                .param("outcome", outcome)
                .param("error", error == null ? null : truncate(error))
                .param("now", Timestamp.from(now))
                .param("id", rawId)
                .update();
    }

    /** One more failed attempt at the row, with its error; {@code handled} stays as it is. */
    public int recordFailedAttempt(long rawId, String error, Instant now) {
        return jdbc.sql("""
                        UPDATE pay_notify_raw SET attempts = attempts + 1, last_error = :error, updated_at = :now
                         WHERE id = :id""")
                .param("error", truncate(error))
                .param("now", Timestamp.from(now))
                .param("id", rawId)
                .update();
    }

    private static String truncate(String error) {
        return error.length() <= 512 ? error : error.substring(0, 512);
    }
}
