package io.paypipe.processor.order;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.money.Money;
import io.paypipe.core.order.OrderEvent;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.support.order.OrderColumns;
import io.paypipe.support.order.OrderReads;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcOperations;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * SQL on {@code orders}. Status changes are guarded by the expected current status. The
 * reads are service-support's ({@link OrderReads}: {@code find} by the merchant's order
 * number, {@code lock} by id), with the columns only the processor reads
 * ({@code paid_at}, {@code closed_by}). After a guarded update changed nothing, the row
 * is read again with {@code lock}: a plain read would still see the transaction's
 * snapshot (REPEATABLE READ), a locking read sees what the other transaction committed.
 * The batch path of {@code payment.notify} locks all of its orders at once
 * ({@link #lockAll}) and writes their moves as one JDBC batch ({@link #moveAll}).
 */
@Repository
public class OrderRepository extends OrderReads<OrderRow> {

    private static final String COLUMNS = OrderColumns.NAMES + ", paid_at, closed_by";

    private final NamedParameterJdbcOperations batches;

    OrderRepository(JdbcClient jdbc, NamedParameterJdbcOperations batches) {
        super(jdbc, ", paid_at, closed_by", OrderRepository::map);
        this.batches = batches;
    }

    /**
     * A guarded update of one order in a batch: from status {@code from} to what
     * {@code to} holds (status, paying trade, paid amount and time, who closed it).
     */
    public record Move(OrderStatus from, OrderRow to) {
    }

    /**
     * The orders of {@code keys} that exist, locked until the end of the transaction, in
     * one statement. The rows are locked in the order of the unique key (merchant,
     * out_trade_no), the same in every transaction, so that two batches never wait for
     * each other in a cycle.
     */
    public List<OrderRow> lockAll(Collection<OrderKey> keys) {
        Map<String, Object> params = new HashMap<>();
        return jdbc
            .sql("SELECT " + COLUMNS + " FROM orders WHERE (merchant_id, out_trade_no) IN (" + keyList(keys, params)
                    + ") ORDER BY merchant_id, out_trade_no FOR UPDATE")
            .params(params)
            .query(OrderRepository::map)
            .list();
    }

    /**
     * Every move of {@code moves} as one JDBC batch of guarded updates; the affected rows
     * of each, in order (1, or 0 when the order was not in its {@code from} status).
     */
    public int[] moveAll(List<Move> moves, Instant now) {
        SqlParameterSource[] rows = moves.stream().map(m -> {
            OrderRow to = m.to();
            return new MapSqlParameterSource().addValue("id", to.id().value())
                .addValue("from", m.from().name())
                .addValue("to", to.status().name())
                .addValue("tradeNo", to.channelTradeNo().orElse(null))
                .addValue("paid", to.paidAmount().map(Money::minor).orElse(null))
                .addValue("paidAt", to.paidAt().map(Timestamp::from).orElse(null))
                .addValue("closedBy", to.closedBy().map(OrderEvent::name).orElse(null))
                .addValue("now", Timestamp.from(now));
        }).toArray(SqlParameterSource[]::new);
        return batches.batchUpdate("""
                UPDATE orders SET status = :to, channel_trade_no = :tradeNo, paid_amount_minor = :paid,
                                  paid_at = :paidAt, closed_by = :closedBy, updated_at = :now
                 WHERE id = :id AND status = :from
                """, rows);
    }

    /**
     * Plain INSERT; a duplicate key means the order exists already
     * (DuplicateKeyException).
     */
    void insert(OrderCreated created, Instant now) {
        jdbc.sql("""
                INSERT INTO orders (tenant_id, merchant_id, sp_merchant_id, out_trade_no, channel, amount_minor,
                                    currency, status, created_at, updated_at)
                VALUES (:tenant, :merchant, :sp, :outTradeNo, :channel, :amount, :currency, :status, :createdAt, :now)
                """)
            .param("tenant", created.orderKey().tenantId().value())
            .param("merchant", created.orderKey().merchantId().value())
            .param("sp", created.spMerchantId() == null ? null : created.spMerchantId().value())
            .param("outTradeNo", created.orderKey().outTradeNo().value())
            .param("channel", created.channel().code())
            .param("amount", created.amount().minor())
            .param("currency", created.amount().currency())
            .param("status", OrderStatus.PENDING.name())
            .param("createdAt", Timestamp.from(created.createdAt()))
            .param("now", Timestamp.from(now))
            .update();
    }

    /**
     * PENDING -> PAID by one channel trade number; returns the affected rows (0 = someone
     * else moved it).
     */
    public int markPaid(OrderId id, OrderStatus from, OrderStatus to, String channelTradeNo, Money paid, Instant paidAt,
            Instant now) {
        return jdbc
            .sql("""
                    UPDATE orders SET status = :to, channel_trade_no = :tradeNo, paid_amount_minor = :paid, paid_at = :paidAt,
                                      updated_at = :now
                     WHERE id = :id AND status = :from
                    """)
            .param("to", to.name())
            .param("tradeNo", channelTradeNo)
            .param("paid", paid.minor())
            .param("paidAt", Timestamp.from(paidAt))
            .param("now", Timestamp.from(now))
            .param("id", id.value())
            .param("from", from.name())
            .update();
    }

    /**
     * {@code from} -> {@code to} (CLOSED) by {@code closedBy}; returns the affected rows
     * (0 = someone else moved it).
     */
    public int markClosed(OrderId id, OrderStatus from, OrderStatus to, OrderEvent closedBy, Instant now) {
        return jdbc.sql(
                "UPDATE orders SET status = :to, closed_by = :closedBy, updated_at = :now WHERE id = :id AND status = :from")
            .param("to", to.name())
            .param("closedBy", closedBy.name())
            .param("now", Timestamp.from(now))
            .param("id", id.value())
            .param("from", from.name())
            .update();
    }

    private static OrderRow map(ResultSet rs, int row) throws SQLException {
        OrderColumns c = OrderColumns.read(rs);
        Timestamp paidAt = rs.getTimestamp("paid_at");
        return new OrderRow(c.id(), c.key(), c.spMerchantId(), c.channel(), c.amount(), c.status(),
                c.channelTradeNo().map(ChannelTradeNo::value), c.paidAmount(),
                Optional.ofNullable(paidAt).map(Timestamp::toInstant),
                Optional.ofNullable(rs.getString("closed_by")).map(OrderEvent::valueOf));
    }

}
