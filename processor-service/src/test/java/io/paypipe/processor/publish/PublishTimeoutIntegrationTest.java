package io.paypipe.processor.publish;

import static io.paypipe.processor.support.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.EmbeddedKafkaBroker;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.support.BytesTopicReader;
import io.paypipe.processor.support.Rows;
import io.paypipe.processor.transition.AfterCommitHook;
import io.paypipe.support.testing.TopicReader;
import io.paypipe.support.testing.TopicWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Section 3 of issue 10, the other side: a downstream publish that fails for a reason
 * that passes (here the broker goes away right after the database commit and comes back
 * three seconds later) is retried, never dead-lettered: once the broker is back the same
 * order.paid event is published, with no alert. On a broker of its own, since it is
 * stopped.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = { "processor.publish-timeout=1s", "processor.retry-delays=500ms,1s,2s,4s,8s,8s" })
@DirtiesContext
class PublishTimeoutIntegrationTest {

    private static final EmbeddedKafkaBroker BROKER = startBroker();

    /** Raw ids whose commit stops the broker (once each). */
    static final Set<Long> STOP_BROKER_AFTER = ConcurrentHashMap.newKeySet();

    @Autowired
    JdbcClient jdbc;

    @DynamicPropertySource
    static void infra(DynamicPropertyRegistry registry) {
        TestInfra.get().springProperties().forEach((k, v) -> registry.add(k, () -> v));
        registry.add("spring.kafka.bootstrap-servers", BROKER::bootstrapServers);
    }

    @AfterAll
    static void stopBroker() {
        BROKER.close();
    }

    @Test
    void aPublishThatFailsWhileTheBrokerIsAwayIsRetriedAndPublishedOnceItIsBack() {
        // Given a pending order and its payment, whose commit will be followed by the
        // broker going away for 3 s
        Rows db = new Rows(jdbc);
        try (var writer = new TopicWriter(BROKER.bootstrapServers());
                var paid = new TopicReader<>(BROKER.bootstrapServers(), Topics.ORDER_PAID);
                var dead = new BytesTopicReader(BROKER.bootstrapServers(), List.of(Topics.PAYMENT_NOTIFY.dlt()))) {
            OrderKey key = newOrderKey();
            writer.send(Topics.ORDER_CREATED, key.kafkaKey(), orderCreated(key, 1700));
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PENDING"));
            var tradeNo = newTradeNo();
            long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 1700);
            STOP_BROKER_AFTER.add(rawId);

            // When the payment is processed
            writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 1700, 1700));

            // Then the publish failed transiently and was counted as a failed attempt,
            // not as a dead letter
            await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(db.lastError(rawId)).contains("DownstreamPublishException"));
            // and once the broker is back, order.paid is published for the payment with
            // its one event id (one record
            // from the retry; the producer's own retry of the first send may have landed
            // too: at most two)
            await().atMost(Duration.ofSeconds(90))
                .untilAsserted(() -> assertThat(paid.values()).filteredOn(e -> e.orderKey().equals(key))
                    .hasSizeBetween(1, 2)
                    .allSatisfy(e -> assertThat(e.eventId()).isEqualTo(OrderPaid.idFor(e.channel(), tradeNo))));
            assertThat(dead.of(Topics.PAYMENT_NOTIFY.dlt(), key.kafkaKey())).isEmpty();
            assertThat(jdbc.sql("SELECT COUNT(*) FROM ops_alert WHERE raw_id = :id")
                .param("id", rawId)
                .query(Long.class)
                .single()).isZero();
            assertThat(db.count("SELECT COUNT(*) FROM payment_ledger WHERE channel_trade_no = :v", tradeNo.value()))
                .isOne();
            assertThat(db.handled(rawId)).isEqualTo(1);
        }
    }

    private static EmbeddedKafkaBroker startBroker() {
        try {
            return EmbeddedKafkaBroker.start(Files.createTempDirectory("publish-timeout-kafka"));
        }
        catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Stops the broker right after the commit of a marked payment and starts it again 3 s
     * later.
     */
    @TestConfiguration(proxyBeanMethods = false)
    static class BrokerGoesAway {

        @Bean
        @Primary
        AfterCommitHook stopBrokerAfterCommit() {
            return (notification, outcome) -> {
                if (STOP_BROKER_AFTER.remove(notification.rawId())) {
                    BROKER.stop();
                    CompletableFuture.runAsync(BROKER::restart, CompletableFuture.delayedExecutor(3, TimeUnit.SECONDS));
                }
            };
        }

    }

}
