package io.paypipe.sandbox.config;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.topic.Topics;
import io.paypipe.sandbox.bill.SettlementBook;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.order.SandboxOrders;
import io.paypipe.sandbox.push.NotificationPusher;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.ChannelOrderBooks;
import io.paypipe.sandbox.stripe.StripeEvents;
import io.paypipe.sandbox.stripe.StripeMerchants;
import io.paypipe.sandbox.stripe.StripeOrderBook;
import io.paypipe.sandbox.stripe.StripePayments;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import io.paypipe.sandbox.wechatpay.WechatPayRefunds;
import io.paypipe.sandbox.wechatpay.WechatPayNotifications;
import io.paypipe.sandbox.wechatpay.WechatPayOrderBook;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;

/**
 * The sandbox's beans. A launcher that runs the sandbox context in-process can fetch them
 * by name: {@code sandboxMerchants}, {@code wechatPayNotifications},
 * {@code wechatPayPusher}, {@code sandboxOrders}, {@code stripeMerchants},
 * {@code stripePayments}. WeChat's pusher is the only {@link NotificationPusher} bean
 * (Alipay's and Stripe's are owned by {@code alipayPayments} and {@code stripePayments}),
 * so it can be fetched by type.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SandboxProperties.class)
public class SandboxConfiguration {

    private static final Logger log = LoggerFactory.getLogger(SandboxConfiguration.class);

    @Bean
    public Clock sandboxClock() {
        return Clock.systemDefaultZone();
    }

    /**
     * Generates every channel's merchants and writes the merchants file while the context
     * starts, so the file exists before any service started after the sandbox reads it.
     */
    @Bean
    public SandboxMerchants sandboxMerchants(SandboxProperties properties) {
        SandboxMerchantsFileGuard.fromEnvironment().check(properties.merchantsFile());
        SandboxMerchants merchants = SandboxMerchants.generate(properties.merchantCounts());
        Path written = merchants.writeMerchantsFile(properties.merchantsFile());
        log.info("sandbox merchants {} written to {}", merchants, written);
        return merchants;
    }

    /** The Stripe accounts of {@link #sandboxMerchants}, for Stripe's payments. */
    @Bean
    public StripeMerchants stripeMerchants(SandboxMerchants merchants) {
        return merchants.stripe();
    }

    @Bean
    public WechatPayNotifications wechatPayNotifications(@Qualifier("sandboxClock") Clock clock) {
        return new WechatPayNotifications(clock);
    }

    /**
     * WeChat's pusher, for payments and refunds alike (WeChat's schedule, 200 or 204 is
     * success).
     */
    @Bean(destroyMethod = "close")
    public NotificationPusher wechatPayPusher(SandboxProperties properties, @Qualifier("sandboxClock") Clock clock) {
        return WechatPayPayments.pusher(properties.wechatpayNotifyUrl(), properties.timeCompression(),
                properties.notifyTimeout(), clock);
    }

    /**
     * WeChat's payments; their orders are placed, queried and closed through
     * {@code channelOrderBooks}, their callbacks go as {@code callbackScenarios} says.
     */
    @Bean
    public WechatPayPayments wechatPayPayments(SandboxMerchants merchants, WechatPayNotifications notifications,
            NotificationPusher wechatPayPusher, CallbackScenarios callbackScenarios, ChannelOrderBooks books,
            SettlementBook settlementBook) {
        WechatPayPayments payments = new WechatPayPayments(merchants, notifications, wechatPayPusher, callbackScenarios,
                settlementBook);
        books.register(new WechatPayOrderBook(payments));
        return payments;
    }

    /**
     * Stripe's events, pushed by its own pusher (Stripe's schedule, any 2xx is success);
     * its payments and refunds that succeed are recorded in {@code settlementBook}.
     */
    @Bean(destroyMethod = "close")
    public StripePayments stripePayments(SandboxProperties properties, StripeMerchants stripeMerchants,
            SandboxOrders sandboxOrders, CallbackScenarios callbackScenarios, ChannelOrderBooks books,
            SettlementBook settlementBook, @Qualifier("sandboxClock") Clock clock) {
        StripePayments payments = new StripePayments(stripeMerchants, new StripeEvents(clock), sandboxOrders,
                StripePayments.pusher(properties.stripeNotifyUrl(), properties.timeCompression(),
                        properties.notifyTimeout(), clock),
                callbackScenarios, settlementBook);
        books.register(new StripeOrderBook(payments));
        return payments;
    }

    @Bean
    public WechatPayRefunds wechatPayRefunds(SandboxMerchants merchants, WechatPayNotifications notifications,
            NotificationPusher wechatPayPusher, SettlementBook settlementBook) {
        return new WechatPayRefunds(merchants, notifications, wechatPayPusher, settlementBook);
    }

    /**
     * Producer of {@code order.created} with the topic's own serializers; Kafka from
     * {@code spring.kafka.*}.
     */
    @Bean
    public ProducerFactory<String, OrderCreated> sandboxOrderProducerFactory(KafkaProperties kafkaProperties) {
        Map<String, Object> config = new HashMap<>(kafkaProperties.buildProducerProperties());
        config.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "paypipe-sandbox-orders");
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        // fail an order request within seconds when the broker is away, instead of
        // Kafka's 60 s default
        config.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000);
        return new DefaultKafkaProducerFactory<>(config, Topics.ORDER_CREATED.keySerializer(),
                Topics.ORDER_CREATED.valueSerializer());
    }

    @Bean
    public KafkaTemplate<String, OrderCreated> sandboxOrderTemplate(
            @Qualifier("sandboxOrderProducerFactory") ProducerFactory<String, OrderCreated> producerFactory) {
        return new KafkaTemplate<>(producerFactory);
    }

    /** The order system: every order it creates is placed at its channel too. */
    @Bean
    public SandboxOrders sandboxOrders(@Qualifier("sandboxOrderTemplate") KafkaTemplate<String, OrderCreated> template,
            SandboxMerchants merchants, ChannelOrderBooks books, @Qualifier("sandboxClock") Clock clock) {
        return new SandboxOrders(template, merchants, clock, books);
    }

}
