package io.paypipe.refund.store;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.order.RefundProgress;
import io.paypipe.core.refund.RefundStatus;
import io.paypipe.refund.order.Payment;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Repository;

/**
 * SQL on {@code refund}. A refund is inserted PENDING with a plain INSERT (a duplicate
 * key on {@code (merchant_id, refund_no)} or {@code refund_task_id} means it exists); its
 * status moves only through {@link #move}, guarded by the expected current status.
 */
@Repository
public class RefundRepository {

    private static final String COLUMNS = "id, refund_no, tenant_id, merchant_id, sp_merchant_id, out_trade_no,"
            + " order_id, channel, channel_trade_no, amount_minor, currency, status, source, refund_task_id, reason,"
            + " requested_by, channel_refund_id, failure, created_at, accepted_at, finished_at";

    private final JdbcClient jdbc;

    RefundRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Inserts {@code r} as PENDING and returns its id; DuplicateKeyException if it
     * exists.
     */
    public long insert(NewRefund r, Instant now) {
        var keys = new GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO refund (refund_no, tenant_id, merchant_id, sp_merchant_id, out_trade_no, order_id, channel,
                                    channel_trade_no, amount_minor, currency, status, source, refund_task_id, reason,
                                    requested_by, created_at, updated_at)
                VALUES (:no, :tenant, :merchant, :sp, :outTradeNo, :orderId, :channel, :tradeNo, :amount, :currency,
                        :status, :source, :taskId, :reason, :requestedBy, :now, :now)
                """)
            .param("no", r.refundNo())
            .param("tenant", r.orderKey().tenantId().value())
            .param("merchant", r.orderKey().merchantId().value())
            .param("sp", r.spMerchantId().map(MerchantId::value).orElse(null))
            .param("outTradeNo", r.orderKey().outTradeNo().value())
            .param("orderId", r.payment().orderId().value())
            .param("channel", r.payment().channel().code())
            .param("tradeNo", r.payment().channelTradeNo().value())
            .param("amount", r.amount().minor())
            .param("currency", r.amount().currency())
            .param("status", RefundStatus.PENDING.name())
            .param("source", r.source().name())
            .param("taskId", r.payment().refundTaskId().orElse(null))
            .param("reason", r.reason())
            .param("requestedBy", r.requestedBy())
            .param("now", Timestamp.from(now))
            .update(keys, "id");
        return keys.getKey().longValue();
    }

    public Optional<RefundRow> find(long id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM refund WHERE id = :id")
            .param("id", id)
            .query(RefundRepository::map)
            .optional();
    }

    /** The refund, locked until the end of the transaction (after its order's lock). */
    public Optional<RefundRow> lock(long id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM refund WHERE id = :id FOR UPDATE")
            .param("id", id)
            .query(RefundRepository::map)
            .optional();
    }

    public Optional<RefundRow> findByNo(MerchantId merchant, String refundNo) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM refund WHERE merchant_id = :merchant AND refund_no = :no")
            .param("merchant", merchant.value())
            .param("no", refundNo)
            .query(RefundRepository::map)
            .optional();
    }

    public Optional<RefundRow> findByTask(long refundTaskId) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM refund WHERE refund_task_id = :task")
            .param("task", refundTaskId)
            .query(RefundRepository::map)
            .optional();
    }

    /** Every refund of the order, of all its payments, oldest first. */
    public List<RefundRow> ofOrder(OrderId orderId) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM refund WHERE order_id = :order ORDER BY id")
            .param("order", orderId.value())
            .query(RefundRepository::map)
            .list();
    }

    /**
     * What {@code payment} paid, what went back and what is in flight, in minor units.
     */
    public RefundProgress progress(Payment payment) {
        return jdbc.sql("""
                SELECT COALESCE(SUM(CASE WHEN status = 'SUCCESS' THEN amount_minor END), 0) AS succeeded,
                       COALESCE(SUM(CASE WHEN status IN ('PENDING', 'ACCEPTED') THEN amount_minor END), 0) AS in_flight
                  FROM refund WHERE channel = :channel AND channel_trade_no = :tradeNo AND order_id = :order
                """)
            .param("channel", payment.channel().code())
            .param("tradeNo", payment.channelTradeNo().value())
            .param("order", payment.orderId().value())
            .query((rs, i) -> new RefundProgress(payment.paid().minor(), rs.getLong("succeeded"),
                    rs.getLong("in_flight")))
            .single();
    }

    /**
     * What the payment's refunds had returned when refund {@code id} succeeded, this one
     * included (in the order their SUCCESS transitions were written): the same value
     * whenever it is asked, so a re-published event carries what the first one did.
     */
    public long refundedThrough(long id) {
        return jdbc.sql("""
                SELECT COALESCE(SUM(r.amount_minor), 0) FROM refund r
                  JOIN refund_transition t ON t.refund_id = r.id AND t.to_status = 'SUCCESS'
                  JOIN refund me ON me.id = :id
                  JOIN refund_transition mine ON mine.refund_id = me.id AND mine.to_status = 'SUCCESS'
                 WHERE r.order_id = me.order_id AND r.channel = me.channel AND r.channel_trade_no = me.channel_trade_no
                   AND t.id <= mine.id
                """).param("id", id).query(Long.class).single();
    }

    /**
     * {@code from} -> {@code to}, keeping what is known already (the channel's refund id,
     * the first acceptance and end); returns the affected rows (0 = not in {@code from}).
     */
    public int move(long id, RefundStatus from, RefundStatus to, String channelRefundId, String failure,
            Instant acceptedAt, Instant finishedAt, Instant now) {
        return jdbc.sql("""
                UPDATE refund SET status = :to, channel_refund_id = COALESCE(:refundId, channel_refund_id),
                       failure = COALESCE(:failure, failure), accepted_at = COALESCE(accepted_at, :acceptedAt),
                       finished_at = COALESCE(finished_at, :finishedAt), updated_at = :now
                 WHERE id = :id AND status = :from
                """)
            .param("to", to.name())
            .param("refundId", channelRefundId)
            .param("failure", failure)
            .param("acceptedAt", acceptedAt == null ? null : Timestamp.from(acceptedAt))
            .param("finishedAt", finishedAt == null ? null : Timestamp.from(finishedAt))
            .param("now", Timestamp.from(now))
            .param("id", id)
            .param("from", from.name())
            .update();
    }

    private static RefundRow map(ResultSet rs, int row) throws SQLException {
        long taskId = rs.getLong("refund_task_id");
        Optional<Long> task = rs.wasNull() ? Optional.empty() : Optional.of(taskId);
        return new RefundRow(rs.getLong("id"), rs.getString("refund_no"),
                new OrderKey(TenantId.of(rs.getString("tenant_id")), MerchantId.of(rs.getString("merchant_id")),
                        OutTradeNo.of(rs.getString("out_trade_no"))),
                Optional.ofNullable(rs.getString("sp_merchant_id")).map(MerchantId::of),
                OrderId.of(rs.getLong("order_id")), Channel.fromCode(rs.getString("channel")),
                ChannelTradeNo.of(rs.getString("channel_trade_no")),
                Money.of(rs.getLong("amount_minor"), rs.getString("currency")),
                RefundStatus.valueOf(rs.getString("status")), RefundSource.valueOf(rs.getString("source")), task,
                rs.getString("reason"), rs.getString("requested_by"),
                Optional.ofNullable(rs.getString("channel_refund_id")), Optional.ofNullable(rs.getString("failure")),
                rs.getTimestamp("created_at").toInstant(), instant(rs, "accepted_at"), instant(rs, "finished_at"));
    }

    private static Optional<Instant> instant(ResultSet rs, String column) throws SQLException {
        return Optional.ofNullable(rs.getTimestamp(column)).map(Timestamp::toInstant);
    }

}
