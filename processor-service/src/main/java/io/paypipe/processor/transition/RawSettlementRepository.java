package io.paypipe.processor.transition;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.raw.Handled;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.support.jdbc.MultiRow;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The processor's side of {@code pay_notify_raw} (ingress stores the rows, its own
 * {@code RawNotificationRepository}): it counts failed attempts and settles rows
 * ({@link Handled#SETTLED} or {@link Handled#NEEDS_A_PERSON}); the batch path reads a
 * batch's rows at once ({@link #states}) and settles them in one statement
 * ({@link #settleAll}).
 */
@Repository
class RawSettlementRepository {

    /**
     * The parts of a raw row an alert and a query name, and whether it is settled.
     * {@code spMerchantId} is null outside service-provider mode.
     */
    record RawRow(long id, String tenantId, String merchantId, String spMerchantId, String outTradeNo, String channel,
            String channelTradeNo, Handled handled, Optional<RawOutcome> outcome) {
    }

    /**
     * What the batch path reads of a raw row up front: whose it is (the closes a payment
     * overrules) and its outcome.
     */
    record RawState(long id, String merchantId, String outTradeNo, String channel, Optional<RawOutcome> outcome) {
    }

    /**
     * The last settlement of a raw row in a batch: {@code handled} and {@code error} of
     * its last settle, and the {@code outcome} the row holds after the batch.
     */
    record Settlement(long rawId, Handled handled, RawOutcome outcome, String error) {
    }

    private final JdbcClient jdbc;

    RawSettlementRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<RawRow> find(long rawId) {
        return jdbc.sql("""
                SELECT id, tenant_id, merchant_id, sp_merchant_id, out_trade_no, channel, channel_trade_no, handled,
                       outcome
                  FROM pay_notify_raw WHERE id = :id""")
            .param("id", rawId)
            .query((rs, i) -> new RawRow(rs.getLong("id"), rs.getString("tenant_id"), rs.getString("merchant_id"),
                    rs.getString("sp_merchant_id"), rs.getString("out_trade_no"), rs.getString("channel"),
                    rs.getString("channel_trade_no"), Handled.of(rs.getInt("handled")),
                    RawOutcome.parse(rs.getString("outcome"))))
            .optional();
    }

    /**
     * The outcome an earlier notification of this row's trade settled it with, if any.
     */
    Optional<RawOutcome> outcome(long rawId) {
        return jdbc.sql("SELECT outcome FROM pay_notify_raw WHERE id = :id")
            .param("id", rawId)
            .query((rs, i) -> RawOutcome.parse(rs.getString("outcome")))
            .optional()
            .flatMap(o -> o);
    }

    /**
     * Settles a row with its outcome (handled as the outcome says); {@code error} says
     * why when it needs a person, else null. A {@link RawOutcome#DUPLICATE} keeps the
     * outcome the row already has (a re-delivery of an APPLIED notification is still the
     * one that applied).
     */
    int settle(long rawId, RawOutcome outcome, String error, Instant now) {
        return jdbc.sql("""
                UPDATE pay_notify_raw SET handled = :handled, last_error = :error, updated_at = :now,
                       outcome = CASE WHEN :outcome = :duplicate AND outcome IS NOT NULL THEN outcome ELSE :outcome END
                 WHERE id = :id""")
            .param("handled", outcome.handled().column())
            .param("outcome", outcome.name())
            .param("duplicate", RawOutcome.DUPLICATE.name())
            .param("error", error == null ? null : truncate(error))
            .param("now", Timestamp.from(now))
            .param("id", rawId)
            .update();
    }

    /** The rows of {@code ids} that exist, in one statement. */
    List<RawState> states(Collection<Long> ids) {
        return jdbc.sql("SELECT id, merchant_id, out_trade_no, channel, outcome FROM pay_notify_raw WHERE id IN (:ids)")
            .param("ids", ids)
            .query((rs, i) -> new RawState(rs.getLong("id"), rs.getString("merchant_id"), rs.getString("out_trade_no"),
                    rs.getString("channel"), RawOutcome.parse(rs.getString("outcome"))))
            .list();
    }

    /**
     * Every settlement in one statement (rows by id, one row each); the rows matched. As
     * in {@link #settle}, a {@link RawOutcome#DUPLICATE} keeps an outcome the row has.
     */
    int settleAll(List<Settlement> settlements, Instant now) {
        var rows = new MultiRow("id", "handled", "outcome", "error");
        settlements.forEach(s -> rows.add(s.rawId(), s.handled().column(), s.outcome().name(),
                s.error() == null ? null : truncate(s.error())));
        return jdbc.sql("UPDATE pay_notify_raw r JOIN (" + rows.selects() + """
                ) s ON s.id = r.id
                   SET r.handled = s.handled, r.last_error = s.error, r.updated_at = :now,
                       r.outcome = CASE WHEN s.outcome = :duplicate AND r.outcome IS NOT NULL THEN r.outcome
                                        ELSE s.outcome END
                """)
            .params(rows.params())
            .param("now", Timestamp.from(now))
            .param("duplicate", RawOutcome.DUPLICATE.name())
            .update();
    }

    /**
     * Settles a row only if nothing settled it yet ({@code handled = 0}): a dead letter
     * never overwrites an outcome such as APPLIED (e.g. a record dead-lettered because
     * its downstream event was refused after the commit). Returns the affected rows.
     */
    int settleIfUnsettled(long rawId, RawOutcome outcome, String error, Instant now) {
        return jdbc.sql("""
                UPDATE pay_notify_raw SET handled = :handled, outcome = :outcome, last_error = :error, updated_at = :now
                 WHERE id = :id AND handled = :received""")
            .param("handled", outcome.handled().column())
            .param("outcome", outcome.name())
            .param("error", truncate(error))
            .param("now", Timestamp.from(now))
            .param("id", rawId)
            .param("received", Handled.RECEIVED.column())
            .update();
    }

    /** A payment overruled the channel's closes of this order: their rows say so. */
    int overruleCloses(OrderKey order, Channel channel, Instant now) {
        return jdbc.sql("""
                UPDATE pay_notify_raw SET outcome = :overruled, updated_at = :now
                 WHERE merchant_id = :merchant AND out_trade_no = :outTradeNo AND channel = :channel
                   AND outcome = :closed""")
            .param("overruled", RawOutcome.CLOSE_OVERRULED.name())
            .param("now", Timestamp.from(now))
            .param("merchant", order.merchantId().value())
            .param("outTradeNo", order.outTradeNo().value())
            .param("channel", channel.code())
            .param("closed", RawOutcome.CLOSED.name())
            .update();
    }

    /**
     * One more failed attempt at the row, with its error; {@code handled} stays as it is.
     */
    int recordFailedAttempt(long rawId, String error, Instant now) {
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
