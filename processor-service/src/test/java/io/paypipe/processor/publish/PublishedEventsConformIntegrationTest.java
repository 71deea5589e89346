package io.paypipe.processor.publish;

import static io.paypipe.processor.support.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import io.paypipe.support.testing.PublishedEventsConform;
import io.paypipe.support.testing.TopicWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import tools.jackson.databind.node.ObjectNode;

/**
 * Issue 16: every event the suite publishes is checked against docs/events/schemas
 * ({@link PublishedEventsConform}, after every test class of every service). This test
 * shows the check reads what the product published (a paid order's events are counted)
 * and catches an event that breaks its schema.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE)
class PublishedEventsConformIntegrationTest extends ProcessorIntegrationBase {

    private static TopicWriter writer;

    @BeforeAll
    static void clients() {
        writer = new TopicWriter(TestInfra.get().bootstrapServers());
    }

    @AfterAll
    static void closeClients() {
        writer.close();
    }

    @Test
    void theEventsOfAPaidOrderAreReadAndConformToTheirSchemas() {
        // Given what was published before, checked
        assertThat(PublishedEventsConform.checkNow()).isEmpty();
        long paidBefore = PublishedEventsConform.validated(Topics.ORDER_PAID.name());
        long settledBefore = PublishedEventsConform.validated(Topics.PAYMENT_SETTLED.name());

        // When an order is paid
        OrderKey key = newOrderKey();
        writer.send(Topics.ORDER_CREATED, key.kafkaKey(), orderCreated(key, 990));
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PENDING"));
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 990);
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 990, 990));
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PAID"));

        // Then its OrderPaid and its settlement are read by the check, and conform
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            assertThat(PublishedEventsConform.checkNow()).isEmpty();
            assertThat(PublishedEventsConform.validated(Topics.ORDER_PAID.name())).isGreaterThan(paidBefore);
            assertThat(PublishedEventsConform.validated(Topics.PAYMENT_SETTLED.name())).isGreaterThan(settledBefore);
        });
    }

    @Test
    void anOrderPaidWithoutItsPaidAmountIsReportedWithItsPlace() throws Exception {
        // Given an OrderPaid without paidAmount, written as a careless producer would
        OrderKey key = newOrderKey();
        OrderPaid paid = new OrderPaid(EventId.random(), OrderId.of(1), key, Channel.WECHATPAY, newTradeNo(),
                Money.of(990, "CNY"), Money.of(990, "CNY"), Instant.now());
        ObjectNode broken = Json.MAPPER.valueToTree(paid);
        broken.remove("paidAmount");
        RecordMetadata at;
        try (var producer = new KafkaProducer<String, String>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.get().bootstrapServers()),
                new StringSerializer(), new StringSerializer())) {
            at = producer.send(new ProducerRecord<>(Topics.ORDER_PAID.name(), key.kafkaKey(), broken.toString()))
                .get(10, TimeUnit.SECONDS);
        }

        // When the check runs, then it names the record and the missing field
        assertThat(PublishedEventsConform.checkNow()).anySatisfy(violation -> assertThat(violation)
            .startsWith(Topics.ORDER_PAID.name() + "-" + at.partition() + "@" + at.offset())
            .contains("paidAmount"));
    }

}
