package io.paypipe.processor.order;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.order.OrderEvent;
import io.paypipe.core.order.OrderStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL on {@code orders}. Status changes are guarded by the expected current status. */
@Repository
public class OrderRepository {

    private static final String COLUMNS = "id, tenant_id, merchant_id, sp_merchant_id, out_trade_no, channel, amount_minor,"
            + " currency, status, channel_trade_no, paid_amount_minor, paid_at, closed_by";

    private final JdbcClient jdbc;

    OrderRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
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

    public Optional<OrderRow> find(MerchantId merchantId, OutTradeNo outTradeNo) {
        return jdbc
            .sql("SELECT " + COLUMNS + " FROM orders WHERE merchant_id = :merchant AND out_trade_no = :outTradeNo")
            .param("merchant", merchantId.value())
            .param("outTradeNo", outTradeNo.value())
            .query(OrderRepository::map)
            .optional();
    }

    /**
     * The row as last committed, locked until the end of the transaction: after a guarded
     * update changed nothing, a plain read would still see the transaction's snapshot
     * (REPEATABLE READ), a locking read sees what the other transaction committed.
     */
    public Optional<OrderRow> findForUpdate(OrderId id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM orders WHERE id = :id FOR UPDATE")
            .param("id", id.value())
            .query(OrderRepository::map)
            .optional();
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
        String currency = rs.getString("currency");
        long paid = rs.getLong("paid_amount_minor");
        Optional<Money> paidAmount = rs.wasNull() ? Optional.empty() : Optional.of(Money.of(paid, currency));
        Timestamp paidAt = rs.getTimestamp("paid_at");
        return new OrderRow(OrderId.of(rs.getLong("id")),
                new OrderKey(TenantId.of(rs.getString("tenant_id")), MerchantId.of(rs.getString("merchant_id")),
                        OutTradeNo.of(rs.getString("out_trade_no"))),
                Optional.ofNullable(rs.getString("sp_merchant_id")).map(MerchantId::of),
                Channel.fromCode(rs.getString("channel")), Money.of(rs.getLong("amount_minor"), currency),
                OrderStatus.valueOf(rs.getString("status")), Optional.ofNullable(rs.getString("channel_trade_no")),
                paidAmount, Optional.ofNullable(paidAt).map(Timestamp::toInstant),
                Optional.ofNullable(rs.getString("closed_by")).map(OrderEvent::valueOf));
    }

}
