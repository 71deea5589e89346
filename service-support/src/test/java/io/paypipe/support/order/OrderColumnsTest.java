package io.paypipe.support.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.money.Money;
import io.paypipe.core.order.OrderStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OrderColumnsTest {

    @Test
    void givenAPaidOrdersRow_whenRead_thenItsTradeAndPaidAmountAreThereInTheOrdersCurrency() throws SQLException {
        ResultSet rs = row("4200000000000000000000000001", 9_900L, "1230000109");

        OrderColumns order = OrderColumns.read(rs);

        assertThat(order.id()).isEqualTo(OrderId.of(17));
        assertThat(order.key().kafkaKey()).isEqualTo("shop|1900009100|ORDER-1");
        assertThat(order.spMerchantId()).contains(MerchantId.of("1230000109"));
        assertThat(order.channel()).isEqualTo(Channel.WECHATPAY);
        assertThat(order.amount()).isEqualTo(Money.of(10_000, "CNY"));
        assertThat(order.status()).isEqualTo(OrderStatus.PAID);
        assertThat(order.channelTradeNo()).contains(ChannelTradeNo.of("4200000000000000000000000001"));
        assertThat(order.paidAmount()).contains(Money.of(9_900, "CNY"));
    }

    @Test
    void givenARowNotPaidYet_whenRead_thenItsTradeAndPaidAmountAreEmpty() throws SQLException {
        ResultSet rs = row(null, null, null);

        OrderColumns order = OrderColumns.read(rs);

        assertThat(order.spMerchantId()).isEmpty();
        assertThat(order.channelTradeNo()).isEmpty();
        assertThat(order.paidAmount()).isEqualTo(Optional.empty());
    }

    private static ResultSet row(String tradeNo, Long paid, String sp) throws SQLException {
        ResultSet rs = mock(ResultSet.class);
        when(rs.getLong("id")).thenReturn(17L);
        when(rs.getString("tenant_id")).thenReturn("shop");
        when(rs.getString("merchant_id")).thenReturn("1900009100");
        when(rs.getString("sp_merchant_id")).thenReturn(sp);
        when(rs.getString("out_trade_no")).thenReturn("ORDER-1");
        when(rs.getString("channel")).thenReturn(Channel.WECHATPAY.code());
        when(rs.getLong("amount_minor")).thenReturn(10_000L);
        when(rs.getString("currency")).thenReturn("CNY");
        when(rs.getString("status")).thenReturn("PAID");
        when(rs.getString("channel_trade_no")).thenReturn(tradeNo);
        when(rs.getLong("paid_amount_minor")).thenReturn(paid == null ? 0L : paid);
        when(rs.wasNull()).thenReturn(paid == null);
        return rs;
    }

}
