package io.paypipe.refund.order;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.order.OrderStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * refund-service's side of {@code orders}: it reads orders, locks them (the lock every
 * refund transaction starts with) and moves their refund status, guarded by the expected
 * current status. The processor creates and pays them.
 */
@Repository
public class OrderRepository {

    private static final String COLUMNS = "id, tenant_id, merchant_id, sp_merchant_id, out_trade_no, channel,"
            + " amount_minor, currency, status, channel_trade_no, paid_amount_minor";

    private final JdbcClient jdbc;

    OrderRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<OrderRow> find(MerchantId merchant, OutTradeNo outTradeNo) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM orders WHERE merchant_id = :merchant AND out_trade_no = :no")
            .param("merchant", merchant.value())
            .param("no", outTradeNo.value())
            .query(OrderRepository::map)
            .optional();
    }

    /** The order, locked until the end of the transaction. */
    public Optional<OrderRow> lock(MerchantId merchant, OutTradeNo outTradeNo) {
        return jdbc
            .sql("SELECT " + COLUMNS + " FROM orders WHERE merchant_id = :merchant AND out_trade_no = :no FOR UPDATE")
            .param("merchant", merchant.value())
            .param("no", outTradeNo.value())
            .query(OrderRepository::map)
            .optional();
    }

    /** The order, locked until the end of the transaction. */
    public Optional<OrderRow> lock(OrderId id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM orders WHERE id = :id FOR UPDATE")
            .param("id", id.value())
            .query(OrderRepository::map)
            .optional();
    }

    /**
     * {@code from} -> {@code to}; returns the affected rows (0 = not in {@code from}).
     */
    public int move(OrderId id, OrderStatus from, OrderStatus to, Instant now) {
        return jdbc.sql("UPDATE orders SET status = :to, updated_at = :now WHERE id = :id AND status = :from")
            .param("to", to.name())
            .param("now", Timestamp.from(now))
            .param("id", id.value())
            .param("from", from.name())
            .update();
    }

    private static OrderRow map(ResultSet rs, int row) throws SQLException {
        String currency = rs.getString("currency");
        long paid = rs.getLong("paid_amount_minor");
        Optional<Money> paidAmount = rs.wasNull() ? Optional.empty() : Optional.of(Money.of(paid, currency));
        return new OrderRow(OrderId.of(rs.getLong("id")),
                new OrderKey(TenantId.of(rs.getString("tenant_id")), MerchantId.of(rs.getString("merchant_id")),
                        OutTradeNo.of(rs.getString("out_trade_no"))),
                Optional.ofNullable(rs.getString("sp_merchant_id")).map(MerchantId::of),
                Channel.fromCode(rs.getString("channel")), Money.of(rs.getLong("amount_minor"), currency),
                OrderStatus.valueOf(rs.getString("status")),
                Optional.ofNullable(rs.getString("channel_trade_no")).map(ChannelTradeNo::of), paidAmount);
    }

}
