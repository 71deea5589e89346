package io.paypipe.processor.support;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Fixture factories: unique keys per test, so tests share one broker and one database.
 */
public final class Fixtures {

    public static final TenantId TENANT = TenantId.of("test-shop");

    public static final MerchantId MERCHANT = MerchantId.of("1900000100");

    private static final AtomicLong SEQ = new AtomicLong(System.nanoTime() % 1_000_000_000L);

    private Fixtures() {
    }

    public static OrderKey newOrderKey() {
        return new OrderKey(TENANT, MERCHANT,
                OutTradeNo.of("T" + UUID.randomUUID().toString().replace("-", "").substring(0, 20)));
    }

    public static ChannelTradeNo newTradeNo() {
        return ChannelTradeNo.of("4200" + String.format("%024d", SEQ.incrementAndGet()));
    }

    public static OrderCreated orderCreated(OrderKey key, long fen) {
        return new OrderCreated(EventId.random(), key, null, Channel.WECHATPAY, Money.of(fen, "CNY"),
                Instant.now().truncatedTo(ChronoUnit.MILLIS));
    }

    public static PaymentNotified succeeded(long rawId, OrderKey key, ChannelTradeNo tradeNo, long totalFen,
            long payerFen) {
        return notified(rawId, key, tradeNo, PaymentState.SUCCEEDED, "SUCCESS", totalFen, payerFen);
    }

    public static PaymentNotified notified(long rawId, OrderKey key, ChannelTradeNo tradeNo, PaymentState state,
            String channelState, long totalFen, long payerFen) {
        return notified(rawId, Channel.WECHATPAY, key, tradeNo, state, channelState, Money.of(totalFen, "CNY"),
                Money.of(payerFen, "CNY"));
    }

    /** A notification of any channel and currency. */
    public static PaymentNotified notified(long rawId, Channel channel, OrderKey key, ChannelTradeNo tradeNo,
            PaymentState state, String channelState, Money orderAmount, Money paid) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        return new PaymentNotified(PaymentNotified.idFor(rawId), rawId, channel, key, null, tradeNo, state,
                channelState, orderAmount, paid, state == PaymentState.SUCCEEDED ? now : null, now);
    }

    /** An order of any channel and currency. */
    public static OrderCreated orderCreated(OrderKey key, Channel channel, Money amount) {
        return new OrderCreated(EventId.random(), key, null, channel, amount,
                Instant.now().truncatedTo(ChronoUnit.MILLIS));
    }

    /** Stores the raw row as ingress would (handled=0) and returns its id. */
    public static long storeRaw(JdbcClient jdbc, OrderKey key, ChannelTradeNo tradeNo, String state, long totalFen) {
        return storeRaw(jdbc, key, Channel.WECHATPAY, tradeNo, state, Money.of(totalFen, "CNY"));
    }

    /**
     * Stores the raw row of any channel as ingress would (handled=0) and returns its id.
     */
    public static long storeRaw(JdbcClient jdbc, OrderKey key, Channel channel, ChannelTradeNo tradeNo, String state,
            Money total) {
        var keyHolder = new org.springframework.jdbc.support.GeneratedKeyHolder();
        jdbc.sql(
                """
                        INSERT INTO pay_notify_raw (tenant_id, merchant_id, channel, channel_trade_no, out_trade_no, trade_state,
                                                    order_amount_minor, paid_amount_minor, currency, handled, raw_body, created_at,
                                                    updated_at, last_delivered_at)
                        VALUES (:tenant, :merchant, :channel, :tradeNo, :outTradeNo, :state, :total, :total, :currency, 0, '{}',
                                :now, :now, :now)
                        """)
            .param("channel", channel.code())
            .param("currency", total.currency())
            .param("tenant", key.tenantId().value())
            .param("merchant", key.merchantId().value())
            .param("tradeNo", tradeNo.value())
            .param("outTradeNo", key.outTradeNo().value())
            .param("state", state)
            .param("total", total.minor())
            .param("now", Timestamp.from(Instant.now()))
            .update(keyHolder, "id");
        return keyHolder.getKey().longValue();
    }

}
