package io.paypipe.support.order;

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
import java.util.Optional;

/**
 * The columns of an {@code orders} row every service reads ({@link #NAMES}), each as its
 * type: the paying trade and what it paid are empty until the order is paid. A service
 * builds its own row record from them (and from the columns only it reads).
 */
public record OrderColumns(OrderId id, OrderKey key, Optional<MerchantId> spMerchantId, Channel channel, Money amount,
        OrderStatus status, Optional<ChannelTradeNo> channelTradeNo, Optional<Money> paidAmount) {

    /** The column list, for a SELECT. */
    public static final String NAMES = "id, tenant_id, merchant_id, sp_merchant_id, out_trade_no, channel,"
            + " amount_minor, currency, status, channel_trade_no, paid_amount_minor";

    /** The columns of the current row of {@code rs}. */
    public static OrderColumns read(ResultSet rs) throws SQLException {
        String currency = rs.getString("currency");
        long paid = rs.getLong("paid_amount_minor");
        Optional<Money> paidAmount = rs.wasNull() ? Optional.empty() : Optional.of(Money.of(paid, currency));
        return new OrderColumns(OrderId.of(rs.getLong("id")),
                new OrderKey(TenantId.of(rs.getString("tenant_id")), MerchantId.of(rs.getString("merchant_id")),
                        OutTradeNo.of(rs.getString("out_trade_no"))),
                Optional.ofNullable(rs.getString("sp_merchant_id")).map(MerchantId::of),
                Channel.fromCode(rs.getString("channel")), Money.of(rs.getLong("amount_minor"), currency),
                OrderStatus.valueOf(rs.getString("status")),
                Optional.ofNullable(rs.getString("channel_trade_no")).map(ChannelTradeNo::of), paidAmount);
    }

}
