package io.paypipe.reconcile.query;

import io.paypipe.core.id.MerchantId;
import io.paypipe.reconcile.query.QueryChain.State;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.List;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The statements that start many query chains at once ({@link ChainStarts}), in
 * autocommit as {@link PaymentQueryRepository}'s: the new rows as one batched INSERT
 * (Connector/J's {@code rewriteBatchedStatements} sends it as multi-row INSERTs), the
 * rows read back in one SELECT, and the first queries' due times as one JDBC batch of the
 * same guarded UPDATE {@link PaymentQueryRepository#move} runs.
 */
@Repository
class ChainStartRepository {

    private final JdbcClient jdbc;

    private final NamedParameterJdbcTemplate batches;

    ChainStartRepository(JdbcClient jdbc, NamedParameterJdbcTemplate batches) {
        this.jdbc = jdbc;
        this.batches = batches;
    }

    /**
     * The chains of new orders, each ACTIVE at attempt 0 with its first query not
     * scheduled yet; a chain that exists already is left as it is (only a duplicate key
     * is ignored: any other failure throws).
     */
    void insertAll(List<QueryChain> fresh, Instant now) {
        SqlParameterSource[] rows = fresh.stream()
            .map(c -> new MapSqlParameterSource().addValue("orderId", c.orderId())
                .addValue("tenant", c.orderKey().tenantId().value())
                .addValue("merchant", c.orderKey().merchantId().value())
                .addValue("sp", c.spMerchantId().map(MerchantId::value).orElse(null))
                .addValue("outTradeNo", c.orderKey().outTradeNo().value())
                .addValue("channel", c.channel().code())
                .addValue("reason", c.reason().name())
                .addValue("attempt", c.attempt())
                .addValue("state", c.state().name())
                .addValue("expiresAt", Timestamp.from(c.expiresAt()))
                .addValue("now", Timestamp.from(now)))
            .toArray(SqlParameterSource[]::new);
        batches.batchUpdate("""
                INSERT INTO payment_query (order_id, tenant_id, merchant_id, sp_merchant_id, out_trade_no, channel,
                    reason, attempt, state, next_due_at, expires_at, last_answer, last_queried_at, created_at,
                    updated_at)
                VALUES (:orderId, :tenant, :merchant, :sp, :outTradeNo, :channel, :reason, :attempt, :state, NULL,
                    :expiresAt, NULL, NULL, :now, :now)
                ON DUPLICATE KEY UPDATE order_id = order_id
                """, rows);
    }

    /** The chains of {@code orderIds} that exist (none for no ids). */
    List<QueryChain> findAll(Collection<Long> orderIds) {
        if (orderIds.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("""
                SELECT order_id, tenant_id, merchant_id, sp_merchant_id, out_trade_no, channel, reason, attempt, state,
                       next_due_at, expires_at, last_answer, updated_at
                  FROM payment_query WHERE order_id IN (:ids)
                """).param("ids", orderIds).query((rs, i) -> PaymentQueryRepository.chain(rs)).list();
    }

    /**
     * A chain whose first query is due at {@code dueAt}, from the guard it was read at.
     */
    record FirstQuery(QueryChain.Guard from, Instant dueAt) {
    }

    /**
     * Each chain of {@code firsts} ACTIVE at attempt 0 due at its first query's time,
     * from its guard, as one JDBC batch; the affected rows of each, in order (0: another
     * record moved the chain first).
     */
    int[] scheduleAll(List<FirstQuery> firsts, Instant now) {
        SqlParameterSource[] rows = firsts.stream()
            .map(f -> new MapSqlParameterSource()
                .addValue("dueAt", Timestamp.from(f.dueAt().truncatedTo(ChronoUnit.SECONDS)))
                .addValue("now", Timestamp.from(now))
                .addValue("orderId", f.from().orderId())
                .addValue("fromAttempt", f.from().attempt())
                .addValue("fromState", f.from().state().name())
                .addValue("fromDue", f.from().dueAt() == null ? null : Timestamp.from(f.from().dueAt())))
            .toArray(SqlParameterSource[]::new);
        return batches.batchUpdate("""
                UPDATE payment_query SET attempt = 0, state = '%s', next_due_at = :dueAt, updated_at = :now
                 WHERE order_id = :orderId AND attempt = :fromAttempt AND state = :fromState
                   AND next_due_at <=> :fromDue
                """.formatted(State.ACTIVE.name()), rows);
    }

}
