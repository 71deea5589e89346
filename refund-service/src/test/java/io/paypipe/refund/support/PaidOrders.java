package io.paypipe.refund.support;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.Topics;
import io.paypipe.support.testing.TopicWriter;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;

/**
 * Orders paid at the channel (the sandbox) as the processor leaves them once paid (the
 * {@code orders} row PAID by its trade and its {@code payment_ledger} row), and refund
 * tasks as it writes them: unique keys per test, so tests share one database.
 */
public final class PaidOrders {

    private static final AtomicLong SEQ = new AtomicLong(System.nanoTime() % 1_000_000_000L);

    private final JdbcClient jdbc;

    public PaidOrders(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * A paid order of {@code merchant}: its {@code amount} and what its trade
     * {@code paid} (less than the amount when a coupon paid the rest).
     */
    public record Paid(OrderId id, OrderKey key, Channel channel, ChannelTradeNo tradeNo, Money amount, Money paid) {
    }

    public static OrderKey newKey(MerchantId merchant) {
        return new OrderKey(TenantId.of(ChannelSandbox.TENANT), merchant,
                OutTradeNo.of("R" + UUID.randomUUID().toString().replace("-", "").substring(0, 20)));
    }

    public static ChannelTradeNo newTradeNo() {
        return ChannelTradeNo.of("4200" + String.format("%024d", SEQ.incrementAndGet()));
    }

    /** An order of {@code merchant} that {@code channel} (the sandbox) paid. */
    public Paid paid(MerchantId merchant, Channel channel, long minor) {
        OrderKey key = newKey(merchant);
        return paid(key, channel, minor, minor,
                ChannelSandbox.get().pay(channel, merchant, key.outTradeNo().value(), minor));
    }

    /**
     * An order of {@code amountFen} of WeChat {@code merchant} that the sandbox paid with
     * the merchant's coupon: the payer paid {@code payerFen}, the order and its ledger
     * row book it as the processor does ({@code paid_amount_minor} = payer_total,
     * {@code order_amount_minor} = the trade's total).
     */
    public Paid paidWithCoupon(MerchantId merchant, long amountFen, long payerFen) {
        OrderKey key = newKey(merchant);
        return paid(key, Channel.WECHATPAY, amountFen, payerFen,
                ChannelSandbox.get().payWechatWithCoupon(merchant, key.outTradeNo().value(), amountFen, payerFen));
    }

    private Paid paid(OrderKey key, Channel channel, long amount, long paid, ChannelTradeNo tradeNo) {
        Timestamp now = Timestamp.from(Instant.now().truncatedTo(ChronoUnit.SECONDS));
        var keys = new GeneratedKeyHolder();
        jdbc.sql(
                """
                        INSERT INTO orders (tenant_id, merchant_id, out_trade_no, channel, amount_minor, currency, status,
                                            channel_trade_no, paid_amount_minor, paid_at, created_at, updated_at)
                        VALUES (:tenant, :merchant, :no, :channel, :amount, :currency, 'PAID', :tradeNo, :paid, :now, :now, :now)
                        """)
            .param("tenant", key.tenantId().value())
            .param("merchant", key.merchantId().value())
            .param("no", key.outTradeNo().value())
            .param("channel", channel.code())
            .param("amount", amount)
            .param("paid", paid)
            .param("currency", currency(channel))
            .param("tradeNo", tradeNo.value())
            .param("now", now)
            .update(keys, "id");
        OrderId id = OrderId.of(keys.getKey().longValue());
        jdbc.sql(
                """
                        INSERT INTO payment_ledger (order_id, tenant_id, merchant_id, channel, channel_trade_no, order_amount_minor,
                                                    paid_amount_minor, currency, event_id, paid_at, created_at)
                        VALUES (:order, :tenant, :merchant, :channel, :tradeNo, :amount, :paid, :currency, :eventId, :now, :now)
                        """)
            .param("order", id.value())
            .param("tenant", key.tenantId().value())
            .param("merchant", key.merchantId().value())
            .param("channel", channel.code())
            .param("tradeNo", tradeNo.value())
            .param("amount", amount)
            .param("paid", paid)
            .param("currency", currency(channel))
            .param("eventId", OrderPaid.idFor(channel, tradeNo).value())
            .param("now", now)
            .update();
        return new Paid(id, key, channel, tradeNo, Money.of(amount, currency(channel)),
                Money.of(paid, currency(channel)));
    }

    /**
     * What else the processor leaves of {@code order}'s payment, for a test the auditor
     * reads: its {@code PAYMENT_SUCCEEDED} transition and its {@code order.paid} record
     * (the ledger row's event id), so the payment invariants hold and the topic read has
     * the record of each ledger row.
     */
    public void paymentAsTheProcessorRecordsIt(Paid order, TopicWriter topics) {
        jdbc.sql("""
                INSERT INTO order_transition (order_id, event, credential, from_status, to_status, raw_id, created_at)
                VALUES (:order, 'PAYMENT_SUCCEEDED', :tradeNo, 'PENDING', 'PAID', NULL, :now)
                """)
            .param("order", order.id().value())
            .param("tradeNo", order.tradeNo().value())
            .param("now", Timestamp.from(Instant.now()))
            .update();
        Instant paidAt = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        topics.send(Topics.ORDER_PAID, order.key().kafkaKey(),
                new OrderPaid(OrderPaid.idFor(order.channel(), order.tradeNo()), order.id(), order.key(),
                        order.channel(), order.tradeNo(), order.amount(), order.paid(), paidAt));
    }

    /** The tests pay WeChat and Alipay in CNY, Stripe in USD. */
    public static String currency(Channel channel) {
        return channel == Channel.STRIPE ? "USD" : "CNY";
    }

    /**
     * A second trade that paid {@code order} at the channel (the sandbox): the refund
     * task the processor writes, and its event.
     */
    public RefundTaskCreated doublePayment(Paid order, long minor, RefundTaskCreated.Reason reason) {
        ChannelTradeNo second = ChannelSandbox.get()
            .pay(order.channel(), order.key().merchantId(), order.key().outTradeNo().value(), minor);
        return task(order, second, minor, reason);
    }

    /**
     * A second WeChat trade that paid {@code order}'s amount with the merchant's coupon,
     * the payer paying {@code payerFen}: the refund task the processor writes (its amount
     * what the payer paid, as the processor takes it), and its event.
     */
    public RefundTaskCreated doublePaymentWithCoupon(Paid order, long payerFen, RefundTaskCreated.Reason reason) {
        ChannelTradeNo second = ChannelSandbox.get()
            .payWechatWithCoupon(order.key().merchantId(), order.key().outTradeNo().value(), order.amount().minor(),
                    payerFen);
        return task(order, second, payerFen, reason);
    }

    private RefundTaskCreated task(Paid order, ChannelTradeNo second, long minor, RefundTaskCreated.Reason reason) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        var task = new RefundTaskCreated(RefundTaskCreated.idFor(order.key(), order.id(), second), order.id(),
                order.key(), order.channel(), second, Money.of(minor, "CNY"), reason, 1, now);
        jdbc.sql("""
                INSERT INTO refund_task (tenant_id, order_id, merchant_id, channel, channel_trade_no, raw_id, reason,
                                         amount_minor, currency, status, event_id, created_at, updated_at)
                VALUES (:tenant, :order, :merchant, :channel, :tradeNo, 1, :reason, :amount, 'CNY', 'PENDING',
                        :eventId, :now, :now)
                """)
            .param("tenant", order.key().tenantId().value())
            .param("order", order.id().value())
            .param("merchant", order.key().merchantId().value())
            .param("channel", order.channel().code())
            .param("tradeNo", second.value())
            .param("reason", reason.name())
            .param("amount", minor)
            .param("eventId", task.eventId().value())
            .param("now", Timestamp.from(now))
            .update();
        return task;
    }

}
