package io.paypipe.processor.order;

import static io.paypipe.processor.support.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.support.BytesTopicReader;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import io.paypipe.support.testing.TopicReader;
import io.paypipe.support.testing.TopicWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;

/**
 * Section 2 of issue 10: an order is never dropped. The same order twice is a silent
 * no-op; the same (merchant, out_trade_no) with other terms keeps the stored order and
 * raises ORDER_CONFLICT; an order record that cannot be read is a dead letter on
 * order.created-dlt with an ORDER_NOT_STORED alert.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = { "processor.order-retry-delays=100ms,100ms", "processor.dead-letter-retry-delays=50ms" })
@DirtiesContext
class OrderIntakeIntegrationTest extends ProcessorIntegrationBase {

    private static TopicWriter writer;

    private static TopicReader<OpsAlertRaised> alertTopic;

    private static BytesTopicReader deadLetters;

    @BeforeAll
    static void clients() {
        writer = new TopicWriter(TestInfra.get().bootstrapServers());
        alertTopic = new TopicReader<>(TestInfra.get().bootstrapServers(), Topics.OPS_ALERT);
        deadLetters = new BytesTopicReader(TestInfra.get().bootstrapServers(),
                List.of(Topics.ORDER_CREATED.retry(0), Topics.ORDER_CREATED.dlt()));
    }

    @AfterAll
    static void closeClients() {
        writer.close();
        alertTopic.close();
        deadLetters.close();
    }

    @Test
    void theSameOrderTwiceIsASilentNoOp() {
        // Given a stored order
        OrderKey key = newOrderKey();
        OrderCreated created = orderCreated(key, 1200);
        writer.send(Topics.ORDER_CREATED, key.kafkaKey(), created);
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PENDING"));

        // When the same order comes again (another event id, the same terms), then a
        // marker order behind it
        writer.send(Topics.ORDER_CREATED, key.kafkaKey(), new OrderCreated(EventId.random(), key, null,
                created.channel(), created.amount(), created.createdAt()));
        OrderKey marker = markerBehind();

        // Then nothing changes and nobody is alerted
        assertThat(db.count("SELECT COUNT(*) FROM orders WHERE out_trade_no = :v", key.outTradeNo().value())).isOne();
        assertThat(alertsAbout(key)).isEmpty();
        assertThat(db.status(marker)).isEqualTo("PENDING");
    }

    @ParameterizedTest
    @ValueSource(strings = { "amount", "currency", "channel", "tenant", "provider" })
    void theSameOrderNumberWithOtherTermsKeepsTheStoredOrderAndRaisesAnOrderConflict(String what) {
        // Given a stored order of 12.00 CNY paid through WeChat
        OrderKey key = newOrderKey();
        OrderCreated created = orderCreated(key, 1200);
        writer.send(Topics.ORDER_CREATED, key.kafkaKey(), created);
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PENDING"));

        // When the order system sends the same (merchant, out_trade_no) with one term
        // changed
        OrderKey otherTenant = new OrderKey(TenantId.of("other-shop"), key.merchantId(), key.outTradeNo());
        OrderCreated conflicting = switch (what) {
            case "amount" ->
                new OrderCreated(EventId.random(), key, null, Channel.WECHATPAY, Money.of(1201, "CNY"), Instant.now());
            case "currency" ->
                new OrderCreated(EventId.random(), key, null, Channel.WECHATPAY, Money.of(1200, "USD"), Instant.now());
            case "channel" ->
                new OrderCreated(EventId.random(), key, null, Channel.ALIPAY, Money.of(1200, "CNY"), Instant.now());
            case "tenant" -> new OrderCreated(EventId.random(), otherTenant, null, Channel.WECHATPAY,
                    Money.of(1200, "CNY"), Instant.now());
            default -> new OrderCreated(EventId.random(), key, MerchantId.of("1230000109"), Channel.WECHATPAY,
                    Money.of(1200, "CNY"), Instant.now());
        };
        writer.send(Topics.ORDER_CREATED, conflicting.orderKey().kafkaKey(), conflicting);

        // Then the stored order is kept and exactly one ORDER_CONFLICT alert names what
        // differs, in the table and on ops.alert
        await().untilAsserted(() -> assertThat(alertsAbout(key)).containsExactly("ORDER_CONFLICT"));
        assertThat(jdbc.sql("SELECT message FROM ops_alert WHERE out_trade_no = :o")
            .param("o", key.outTradeNo().value())
            .query(String.class)
            .single()).contains(what.equals("provider") ? "service provider" : what)
            .contains(conflicting.eventId().value());
        assertThat(jdbc.sql("SELECT amount_minor FROM orders WHERE out_trade_no = :o")
            .param("o", key.outTradeNo().value())
            .query(Long.class)
            .single()).isEqualTo(1200L);
        await().untilAsserted(
                () -> assertThat(alertTopic.values()).filteredOn(a -> key.outTradeNo().value().equals(a.outTradeNo()))
                    .extracting(a -> a.kind().name())
                    .containsExactly("ORDER_CONFLICT"));

        // When the conflicting event is delivered again
        writer.send(Topics.ORDER_CREATED, conflicting.orderKey().kafkaKey(), conflicting);
        OrderKey marker = markerBehind();

        // Then it is still one alert
        assertThat(db.status(marker)).isEqualTo("PENDING");
        assertThat(alertsAbout(key)).containsExactly("ORDER_CONFLICT");
    }

    @Test
    void anOrderRecordThatCannotBeReadIsADeadLetterWithAnOrderNotStoredAlert() {
        // Given an order record nobody can read
        OrderKey key = newOrderKey();

        // When it is published
        writer.sendBytes(Topics.ORDER_CREATED.name(), key.kafkaKey(),
                "{\"orderKey\":".getBytes(StandardCharsets.UTF_8));

        // Then it goes straight to order.created-dlt, once, and one ORDER_NOT_STORED
        // alert names the order
        await().atMost(Duration.ofSeconds(60))
            .untilAsserted(() -> assertThat(alertsAbout(key)).containsExactly("ORDER_NOT_STORED"));
        assertThat(deadLetters.of(Topics.ORDER_CREATED.dlt(), key.kafkaKey())).hasSize(1);
        assertThat(deadLetters.of(Topics.ORDER_CREATED.retry(0), key.kafkaKey())).isEmpty();
        assertThat(db.status(key)).isEqualTo("ABSENT");
    }

    /**
     * An order sent after the records under test on the same topic, stored once they were
     * consumed.
     */
    private OrderKey markerBehind() {
        OrderKey marker = newOrderKey();
        writer.send(Topics.ORDER_CREATED, marker.kafkaKey(), orderCreated(marker, 1));
        await().untilAsserted(() -> assertThat(db.status(marker)).isEqualTo("PENDING"));
        // the marker may sit on another partition: give the record under test the same
        // chance to be consumed
        await().pollDelay(Duration.ofMillis(500)).until(() -> true);
        return marker;
    }

    private List<String> alertsAbout(OrderKey key) {
        return jdbc.sql("SELECT kind FROM ops_alert WHERE out_trade_no = :o ORDER BY id")
            .param("o", key.outTradeNo().value())
            .query(String.class)
            .list();
    }

}
