package io.paypipe.refund.order;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.money.Money;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Finds a payment by its channel trade: the order's paying trade (its
 * {@code payment_ledger} row, unique per channel trade) or a trade a refund task sends
 * back ({@code refund_task}, with its order's amount as the trade's total: see
 * {@link Payment}). Only payments of {@code merchant} match: a refund notice of one
 * merchant never lands on another's payment.
 */
@Repository
public class Payments {

    private final JdbcClient jdbc;

    Payments(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<Payment> ofTrade(MerchantId merchant, Channel channel, ChannelTradeNo tradeNo) {
        return paying(merchant, channel, tradeNo).or(() -> task(merchant, channel, tradeNo));
    }

    /** The refund task of {@code order} for {@code tradeNo}, if any. */
    public Optional<Payment> task(OrderId order, Channel channel, ChannelTradeNo tradeNo) {
        return jdbc.sql("""
                SELECT t.id, t.order_id, t.amount_minor, t.currency, o.amount_minor AS order_amount_minor
                  FROM refund_task t JOIN orders o ON o.id = t.order_id
                 WHERE t.order_id = :order AND t.channel = :channel AND t.channel_trade_no = :tradeNo
                """)
            .param("order", order.value())
            .param("channel", channel.code())
            .param("tradeNo", tradeNo.value())
            .query((rs, i) -> taskPayment(rs, channel, tradeNo))
            .optional();
    }

    private Optional<Payment> paying(MerchantId merchant, Channel channel, ChannelTradeNo tradeNo) {
        return jdbc.sql("""
                SELECT order_id, order_amount_minor, paid_amount_minor, currency FROM payment_ledger
                 WHERE channel = :channel AND channel_trade_no = :tradeNo AND merchant_id = :merchant
                """)
            .param("channel", channel.code())
            .param("tradeNo", tradeNo.value())
            .param("merchant", merchant.value())
            .query((rs, i) -> new Payment(OrderId.of(rs.getLong("order_id")), channel, tradeNo,
                    Money.of(rs.getLong("order_amount_minor"), rs.getString("currency")),
                    Money.of(rs.getLong("paid_amount_minor"), rs.getString("currency")), Optional.empty()))
            .optional();
    }

    private Optional<Payment> task(MerchantId merchant, Channel channel, ChannelTradeNo tradeNo) {
        return jdbc.sql("""
                SELECT t.id, t.order_id, t.amount_minor, t.currency, o.amount_minor AS order_amount_minor
                  FROM refund_task t JOIN orders o ON o.id = t.order_id
                 WHERE t.channel = :channel AND t.channel_trade_no = :tradeNo AND t.merchant_id = :merchant
                """)
            .param("channel", channel.code())
            .param("tradeNo", tradeNo.value())
            .param("merchant", merchant.value())
            .query((rs, i) -> taskPayment(rs, channel, tradeNo))
            .optional();
    }

    /**
     * A {@code refund_task} row (with its order's amount) as the payment its refunds draw
     * on: the trade's total is the order's amount, what it paid the task's amount.
     */
    private static Payment taskPayment(ResultSet rs, Channel channel, ChannelTradeNo tradeNo) throws SQLException {
        String currency = rs.getString("currency");
        return new Payment(OrderId.of(rs.getLong("order_id")), channel, tradeNo,
                Money.of(rs.getLong("order_amount_minor"), currency), Money.of(rs.getLong("amount_minor"), currency),
                Optional.of(rs.getLong("id")));
    }

}
