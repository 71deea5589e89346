package io.paypipe.processor.order;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.id.ChannelTradeNo;
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
 */
@Repository
public class OrderRepository extends OrderReads<OrderRow> {

    OrderRepository(JdbcClient jdbc) {
        super(jdbc, ", paid_at, closed_by", OrderRepository::map);
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
