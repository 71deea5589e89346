package io.paypipe.reconcile.query;

import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.reconcile.query.QueryChain.Guard;
import io.paypipe.reconcile.query.QueryChain.State;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code payment_query}, one row per order (primary key {@code order_id}). Every change
 * is one autocommit UPDATE guarded by the row's attempt, state and due time
 * ({@link Guard}): zero rows means another record moved the chain first (or the record
 * was stale), and the caller does nothing more.
 */
@Repository
class PaymentQueryRepository {

    private final JdbcClient jdbc;

    PaymentQueryRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The chain of a new order, ACTIVE at attempt 0, its first query not scheduled yet;
     * false when the order has one (plain INSERT, duplicate key = exists).
     */
    boolean insert(QueryChain c, Instant now) {
        try {
            jdbc.sql("""
                    INSERT INTO payment_query (order_id, tenant_id, merchant_id, sp_merchant_id, out_trade_no, channel,
                        reason, attempt, state, next_due_at, expires_at, last_answer, last_queried_at, created_at,
                        updated_at)
                    VALUES (:orderId, :tenant, :merchant, :sp, :outTradeNo, :channel, :reason, :attempt, :state, NULL,
                        :expiresAt, NULL, NULL, :now, :now)
                    """)
                .param("orderId", c.orderId())
                .param("tenant", c.orderKey().tenantId().value())
                .param("merchant", c.orderKey().merchantId().value())
                .param("sp", c.spMerchantId().map(MerchantId::value).orElse(null))
                .param("outTradeNo", c.orderKey().outTradeNo().value())
                .param("channel", c.channel().code())
                .param("reason", c.reason().name())
                .param("attempt", c.attempt())
                .param("state", c.state().name())
                .param("expiresAt", Timestamp.from(c.expiresAt()))
                .param("now", Timestamp.from(now))
                .update();
            return true;
        }
        catch (DuplicateKeyException exists) {
            return false;
        }
    }

    Optional<QueryChain> find(long orderId) {
        return jdbc.sql("""
                SELECT order_id, tenant_id, merchant_id, sp_merchant_id, out_trade_no, channel, reason, attempt, state,
                       next_due_at, expires_at, last_answer, updated_at
                  FROM payment_query WHERE order_id = :orderId
                """).param("orderId", orderId).query((rs, i) -> chain(rs)).optional();
    }

    /**
     * The chain moves from {@code from} to {@code attempt} / {@code state} with its next
     * record due at {@code dueAt} (null: no record any more), remembering
     * {@code lastAnswer} (null keeps it) and, when {@code queried}, that the channel was
     * called now. False when the guard held no row.
     */
    boolean move(Guard from, int attempt, State state, Instant dueAt, String lastAnswer, boolean queried, Instant now) {
        return jdbc.sql("""
                UPDATE payment_query
                   SET attempt = :attempt, state = :state, next_due_at = :dueAt,
                       last_answer = COALESCE(:lastAnswer, last_answer),
                       last_queried_at = CASE WHEN :queried THEN :now ELSE last_queried_at END, updated_at = :now
                 WHERE order_id = :orderId AND attempt = :fromAttempt AND state = :fromState
                   AND next_due_at <=> :fromDue
                """)
            .param("attempt", attempt)
            .param("state", state.name())
            .param("dueAt", dueAt == null ? null : Timestamp.from(dueAt.truncatedTo(ChronoUnit.SECONDS)))
            .param("lastAnswer", lastAnswer)
            .param("queried", queried)
            .param("now", Timestamp.from(now))
            .param("orderId", from.orderId())
            .param("fromAttempt", from.attempt())
            .param("fromState", from.state().name())
            .param("fromDue", from.dueAt() == null ? null : Timestamp.from(from.dueAt()))
            .update() == 1;
    }

    /**
     * A query outside the chain (an unverified callback, a dead letter) found the order
     * paid or closed: an ACTIVE or CLOSING chain is DONE, its live record stale.
     */
    boolean finishFromOutside(long orderId, String lastAnswer, Instant now) {
        return jdbc.sql("""
                UPDATE payment_query SET state = 'DONE', next_due_at = NULL, last_answer = :lastAnswer,
                       last_queried_at = :now, updated_at = :now
                 WHERE order_id = :orderId AND state IN ('ACTIVE', 'CLOSING')
                """)
            .param("lastAnswer", lastAnswer)
            .param("now", Timestamp.from(now))
            .param("orderId", orderId)
            .update() == 1;
    }

    static QueryChain chain(ResultSet rs) throws SQLException {
        return new QueryChain(rs.getLong("order_id"),
                new OrderKey(TenantId.of(rs.getString("tenant_id")), MerchantId.of(rs.getString("merchant_id")),
                        OutTradeNo.of(rs.getString("out_trade_no"))),
                Optional.ofNullable(rs.getString("sp_merchant_id")).map(MerchantId::of),
                Channel.fromCode(rs.getString("channel")), PaymentQueryDue.Reason.valueOf(rs.getString("reason")),
                rs.getInt("attempt"), State.valueOf(rs.getString("state")), instant(rs, "next_due_at"),
                instant(rs, "expires_at"), rs.getString("last_answer"), instant(rs, "updated_at"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp t = rs.getTimestamp(column);
        return t == null ? null : t.toInstant();
    }

}
