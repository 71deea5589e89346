package io.paypipe.sandbox.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.Topics;
import io.paypipe.sandbox.SandboxFixtures;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.KafkaTemplate;

class SandboxOrdersTest {

    private final MockProducer<String, OrderCreated> producer = new MockProducer<>(true, null,
            Topics.ORDER_CREATED.keySerializer(), Topics.ORDER_CREATED.valueSerializer());

    private final SandboxOrders orders = new SandboxOrders(new KafkaTemplate<>(() -> producer),
            SandboxFixtures.merchants(), SandboxFixtures.fixedClock());

    @Test
    void orderIsPublishedToOrderCreatedKeyedByTheOrderKey() {
        // When
        OrderCreated order = orders.create("1900000100", "ORDER-4001", 12_345);

        // Then
        assertThat(producer.history()).singleElement().satisfies(record -> {
            assertThat(record.topic()).isEqualTo("order.created");
            assertThat(record.key()).isEqualTo("test-shop|1900000100|ORDER-4001");
            assertThat(roundTrip(record)).isEqualTo(order);
        });
        assertThat(order.amount()).isEqualTo(Money.of(12_345, "CNY"));
        assertThat(order.channel()).isEqualTo(Channel.WECHATPAY);
        assertThat(order.spMerchantId()).isNull();
        assertThat(order.createdAt()).isEqualTo(SandboxFixtures.NOW);
    }

    @Test
    void subMerchantOrderNamesTheServiceProvider() {
        OrderCreated order = orders.orderCreated("1900009100", "ORDER-4002", 100);

        assertThat(order.orderKey().merchantId()).isEqualTo(MerchantId.of("1900009100"));
        assertThat(order.spMerchantId()).isEqualTo(MerchantId.of("1230000109"));
    }

    @Test
    void alipayAppOrderIsPaidThroughAlipay() {
        OrderCreated order = orders.orderCreated("2021000100000000", "ORDER-4004", 100);

        assertThat(order.channel()).isEqualTo(Channel.ALIPAY);
        assertThat(order.orderKey().kafkaKey()).isEqualTo("test-shop|2021000100000000|ORDER-4004");
        assertThat(order.spMerchantId()).isNull();
    }

    @Test
    void appAuthorisingAnAlipayServiceProviderNamesTheServiceProvidersApp() {
        OrderCreated order = orders.orderCreated("2021000300000001", "ORDER-4005", 100);

        assertThat(order.channel()).isEqualTo(Channel.ALIPAY);
        assertThat(order.orderKey().merchantId()).isEqualTo(MerchantId.of("2021000300000001"));
        assertThat(order.spMerchantId()).isEqualTo(MerchantId.of("2021000200000000"));
        assertThatThrownBy(() -> orders.orderCreated("2021000200000000", "ORDER-4005", 100))
            .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sameOrderGetsTheSameEventId() {
        assertThat(orders.orderCreated("1900000100", "ORDER-4003", 100).eventId())
            .isEqualTo(orders.orderCreated("1900000100", "ORDER-4003", 100).eventId());
    }

    private static OrderCreated roundTrip(ProducerRecord<String, OrderCreated> record) {
        byte[] bytes = Topics.ORDER_CREATED.valueSerializer().serialize(record.topic(), record.value());
        return Topics.ORDER_CREATED.valueDeserializer().deserialize(record.topic(), bytes);
    }

}
