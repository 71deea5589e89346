package io.paypipe.processor.deadletter;

import static io.paypipe.processor.support.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.support.BytesTopicReader;
import io.paypipe.processor.support.OwnDatabase;
import io.paypipe.support.testing.TopicReader;
import io.paypipe.support.testing.TopicWriter;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Sections 1 and 2 of issue 10 with the database down for good: an order and a payment
 * give up after their whole ladders, their dead-letter handlers cannot store anything,
 * retry a bounded number of times, then alert through ops.alert, an ERROR line and a
 * counter. The dead-letter topics do not grow. On a MariaDB of its own.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = { "processor.order-retry-delays=200ms,200ms", "processor.retry-delays=200ms,200ms",
                "processor.dead-letter-retry-delays=200ms,200ms", "spring.datasource.hikari.connection-timeout=500" })
@DirtiesContext
class DeadLettersWhileDatabaseDownIntegrationTest {

    private static final OwnDatabase DB = new OwnDatabase();

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MeterRegistry meters;

    @DynamicPropertySource
    static void infra(DynamicPropertyRegistry registry) {
        TestInfra.get().springProperties().forEach((k, v) -> registry.add(k, () -> v));
        registry.add("spring.datasource.url", DB::jdbcUrl);
    }

    @AfterAll
    static void closeDatabase() {
        DB.close();
    }

    @Test
    void withTheDatabaseDownForGoodAnOrderAndAPaymentAreDeadLettersWithAlertsOnOpsAlertAndTheTopicsDoNotGrow() {
        String bootstrap = TestInfra.get().bootstrapServers();
        try (var writer = new TopicWriter(bootstrap);
                var alerts = new TopicReader<>(bootstrap, Topics.OPS_ALERT);
                var dead = new BytesTopicReader(bootstrap,
                        List.of(Topics.ORDER_CREATED.dlt(), Topics.PAYMENT_NOTIFY.dlt()))) {
            // Given a payment whose raw row ingress stored, then the database goes down
            // for good
            OrderKey order = newOrderKey();
            OrderKey paidOrder = newOrderKey();
            var tradeNo = newTradeNo();
            long rawId = storeRaw(jdbc, paidOrder, tradeNo, "SUCCESS", 800);
            DB.stop();

            // When an order and the payment arrive
            writer.send(Topics.ORDER_CREATED, order.kafkaKey(), orderCreated(order, 4300));
            writer.sendBytes(Topics.PAYMENT_NOTIFY.name(), paidOrder.kafkaKey(),
                    io.paypipe.core.topic.Json.MAPPER.writeValueAsBytes(succeeded(rawId, paidOrder, tradeNo, 800, 800)),
                    java.util.Map.of(NotifyHeaders.RAW_ID, NotifyHeaders.rawIdValue(rawId)));

            // Then each is a dead letter once, and its alert reaches ops.alert though it
            // could not be stored
            await().atMost(Duration.ofSeconds(90)).untilAsserted(() -> {
                assertThat(alerts.values()).filteredOn(a -> order.outTradeNo().value().equals(a.outTradeNo()))
                    .extracting(OpsAlertRaised::kind)
                    .containsExactly(OpsAlertRaised.Kind.ORDER_NOT_STORED);
                assertThat(alerts.values()).filteredOn(a -> Long.valueOf(rawId).equals(a.rawId()))
                    .extracting(OpsAlertRaised::kind)
                    .containsExactly(OpsAlertRaised.Kind.GAVE_UP);
            });
            assertThat(meters.counter("paypipe.dead_letters.unrecorded", "topic", Topics.ORDER_CREATED.dlt()).count())
                .isEqualTo(1.0);
            assertThat(meters.counter("paypipe.dead_letters.unrecorded", "topic", Topics.PAYMENT_NOTIFY.dlt()).count())
                .isEqualTo(1.0);
            await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
                assertThat(dead.of(Topics.ORDER_CREATED.dlt(), order.kafkaKey())).hasSize(1);
                assertThat(dead.of(Topics.PAYMENT_NOTIFY.dlt(), paidOrder.kafkaKey())).hasSize(1);
            });
        }
    }

}
