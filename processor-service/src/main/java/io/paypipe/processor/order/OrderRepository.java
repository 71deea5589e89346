package io.paypipe.processor.order;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.money.Money;
import io.paypipe.core.order.OrderEvent;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.support.jdbc.MultiRow;
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
 * ({@link #lockAll}) and writes their moves in one guarded UPDATE ({@link #moveAll}).
 */
@Repository
public class OrderRepository extends OrderReads<OrderRow> {

    private static final String COLUMNS = OrderColumns.NAMES + ", paid_at, closed_by";

    OrderRepository(JdbcClient jdbc) {
        super(jdbc, ", paid_at, closed_by", OrderRepository::map);
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
     * Every move of {@code moves} in one guarded UPDATE, joined with the moves as a
     * derived table of literal rows: an order is changed only if it is still in its
     * {@code from} status. Returns the number of orders changed: {@code moves.size()}
     * when every guard held, fewer when one did not (each order appears once in a batch's
     * moves, and its id is the primary key, so no row is counted twice). One statement
     * instead of a JDBC batch of one UPDATE per order: on a loaded server the
     * per-statement work was the largest part of a batch's writes (issue 15, 2026-12-03:
     * 13 UPDATEs of ~0.8 ms each per batch of 14 at 75 % of capacity, by MariaDB's slow
     * log).
     */
    public int moveAll(List<Move> moves, Instant now) {
        var rows = new MultiRow("id", "fromStatus", "toStatus", "tradeNo", "paid", "paidAt", "closedBy");
        moves.forEach(m -> {
            OrderRow to = m.to();
            rows.add(to.id().value(), m.from().name(), to.status().name(), to.channelTradeNo().orElse(null),
                    to.paidAmount().map(Money::minor).orElse(null), to.paidAt().map(Timestamp::from).orElse(null),
                    to.closedBy().map(OrderEvent::name).orElse(null));
        });
        return jdbc.sql("UPDATE orders o JOIN (" + rows.selects() + """
                ) m ON m.id = o.id AND o.status = m.fromStatus
                   SET o.status = m.toStatus, o.channel_trade_no = m.tradeNo, o.paid_amount_minor = m.paid,
                       o.paid_at = m.paidAt, o.closed_by = m.closedBy, o.updated_at = :now
                """).params(rows.params()).param("now", Timestamp.from(now)).update();
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
