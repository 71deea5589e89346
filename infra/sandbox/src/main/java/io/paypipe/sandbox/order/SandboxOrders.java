package io.paypipe.sandbox.order;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.Topics;
import io.paypipe.sandbox.alipay.AlipayMerchant;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.query.ChannelOrderBooks;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.kafka.core.KafkaOperations;

/**
 * Creates orders the way the merchant's order system does: places the order at its
 * channel (WeChat's prepay, Alipay's trade create, a Stripe PaymentIntent: unpaid, so the
 * channel's order API knows it) and publishes an {@link OrderCreated} on
 * {@link Topics#ORDER_CREATED}, keyed by {@link OrderKey#kafkaKey()}. The event id is
 * derived from the order key, so creating the same order again publishes the same event
 * (and places nothing new).
 */
public final class SandboxOrders {

    private static final Duration SEND_TIMEOUT = Duration.ofSeconds(10);

    private final KafkaOperations<String, OrderCreated> kafka;

    private final SandboxMerchants merchants;

    private final Clock clock;

    private final ChannelOrderBooks channels;

    /**
     * Orders published only, placed at no channel. {@code kafka} must serialise with
     * {@code Topics.ORDER_CREATED}'s key and value serializers.
     */
    public SandboxOrders(KafkaOperations<String, OrderCreated> kafka, SandboxMerchants merchants, Clock clock) {
        this(kafka, merchants, clock, new ChannelOrderBooks());
    }

    /** Orders placed at their channel's book in {@code channels}, then published. */
    public SandboxOrders(KafkaOperations<String, OrderCreated> kafka, SandboxMerchants merchants, Clock clock,
            ChannelOrderBooks channels) {
        this.kafka = Objects.requireNonNull(kafka, "kafka");
        this.merchants = Objects.requireNonNull(merchants, "merchants");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.channels = Objects.requireNonNull(channels, "channels");
    }

    /**
     * The event for an order of {@code amountFen} CNY at {@code merchantId}: a direct
     * WeChat mchid or a sub_mchid (then the service provider goes into
     * {@code spMerchantId}), both paid through WeChat Pay; or an Alipay app id, direct or
     * one that authorised a service provider (whose app id then goes into
     * {@code spMerchantId}), paid through Alipay. Not published.
     */
    public OrderCreated orderCreated(String merchantId, String outTradeNo, long amountFen) {
        if (amountFen <= 0) {
            throw new IllegalArgumentException("amountFen must be positive");
        }
        Owner owner = owner(merchantId);
        OrderKey key = new OrderKey(TenantId.of(owner.tenant()), MerchantId.of(merchantId), OutTradeNo.of(outTradeNo));
        EventId eventId = EventId.derived("order-created", key.kafkaKey());
        return new OrderCreated(eventId, key, owner.spMerchantId(), owner.channel(), Money.of(amountFen, "CNY"),
                clock.instant());
    }

    /** Who an order of {@code merchantId} belongs to and which channel pays it. */
    private record Owner(String tenant, MerchantId spMerchantId, Channel channel) {
    }

    private Owner owner(String merchantId) {
        Optional<AlipayMerchant> alipay = merchants.findAlipay(merchantId);
        if (alipay.isPresent()) {
            AlipayMerchant app = alipay.get();
            if (!app.isServiceProvider()) {
                return new Owner(app.tenant(), null, Channel.ALIPAY);
            }
            if (app.appId().equals(merchantId)) {
                throw new IllegalArgumentException(
                        merchantId + " is a service provider's app: give an app that authorised it");
            }
            return new Owner(app.tenant(), MerchantId.of(app.appId()), Channel.ALIPAY);
        }
        WechatPaySandboxMerchant merchant = merchants.wechatPay(merchantId);
        MerchantId spMerchantId = null;
        if (merchant.isServiceProvider()) {
            if (merchant.merchantId().equals(merchantId)) {
                throw new IllegalArgumentException(merchantId + " is a service provider: give a sub-merchant");
            }
            spMerchantId = MerchantId.of(merchant.merchantId());
        }
        return new Owner(merchant.tenant(), spMerchantId, Channel.WECHATPAY);
    }

    /**
     * Places the order at its channel and publishes it; the future completes when the
     * broker acknowledged it.
     */
    public CompletableFuture<OrderCreated> createAsync(String merchantId, String outTradeNo, long amountFen) {
        OrderCreated event = orderCreated(merchantId, outTradeNo, amountFen);
        channels.place(event);
        return kafka.send(Topics.ORDER_CREATED.name(), event.orderKey().kafkaKey(), event).thenApply(result -> event);
    }

    /**
     * Places the order at its channel, publishes it and waits (up to 10 s) for the
     * broker's acknowledgement; IllegalStateException when Kafka fails.
     */
    public OrderCreated create(String merchantId, String outTradeNo, long amountFen) {
        return publish(orderCreated(merchantId, outTradeNo, amountFen));
    }

    /**
     * The event for an order paid through another channel's merchant (a Stripe account,
     * ...), in the currency and minor units that channel will report (USD cents, JPY
     * whole yen). Not published.
     */
    public OrderCreated orderCreated(String tenant, Channel channel, String merchantId, String outTradeNo,
            Money amount) {
        if (amount.minor() <= 0) {
            throw new IllegalArgumentException("the amount must be positive");
        }
        OrderKey key = new OrderKey(TenantId.of(tenant), MerchantId.of(merchantId), OutTradeNo.of(outTradeNo));
        return new OrderCreated(EventId.derived("order-created", key.kafkaKey()), key, null, channel, amount,
                clock.instant());
    }

    /**
     * Places {@code event}'s order at its channel, publishes it and waits (up to 10 s)
     * for the broker; IllegalStateException when Kafka fails.
     */
    public OrderCreated publish(OrderCreated event) {
        channels.place(event);
        try {
            kafka.send(Topics.ORDER_CREATED.name(), event.orderKey().kafkaKey(), event)
                .get(SEND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            return event;
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing the order", e);
        }
        catch (ExecutionException | TimeoutException | RuntimeException e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            throw new IllegalStateException("cannot publish order " + event.orderKey().outTradeNo() + " to "
                    + Topics.ORDER_CREATED.name() + ": " + cause, cause);
        }
    }

}
