package io.paypipe.processor.transition;

import static io.paypipe.processor.support.Fixtures.*;
import static io.paypipe.processor.support.OneBatch.keyOnPartitionOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.NotificationSettled;
import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.support.OneBatch;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import io.paypipe.support.testing.TopicReader;
import io.paypipe.support.testing.TopicWriter;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.test.annotation.DirtiesContext;

/**
 * A crash of the batch path at its worst moment, in-process: right after the batch's
 * database commit and before anything of it is published, the consumer thread dies (an
 * {@link Error} from the after-commit hook stops the container without committing an
 * offset, as a killed JVM would not). The container starting again gets the whole batch
 * again, which finds its payments committed and publishes each {@code order.paid} with
 * the payment's own event id: every effect exists once. (The forked-JVM versions are the
 * launcher's CrashAfterCommitIntegrationTest and ChaosIntegrationTest.)
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE, properties = "processor.batch.enabled=true")
@DirtiesContext
class BatchCrashAfterCommitIntegrationTest extends ProcessorIntegrationBase {

    /** Raw ids whose after-commit hook crashes the consumer thread, once each. */
    static final Set<Long> CRASH_AFTER = ConcurrentHashMap.newKeySet();

    /** Hook calls that crashed. */
    static final AtomicInteger CRASHES = new AtomicInteger();

    private static TopicWriter writer;

    private static OneBatch batch;

    private static TopicReader<OrderPaid> paid;

    private static TopicReader<NotificationSettled> settled;

    @Autowired
    KafkaListenerEndpointRegistry registry;

    @BeforeAll
    static void clients() {
        String bootstrap = TestInfra.get().bootstrapServers();
        writer = new TopicWriter(bootstrap);
        batch = new OneBatch(bootstrap);
        paid = new TopicReader<>(bootstrap, Topics.ORDER_PAID);
        settled = new TopicReader<>(bootstrap, Topics.PAYMENT_SETTLED);
    }

    @AfterAll
    static void closeClients() {
        writer.close();
        batch.close();
        paid.close();
        settled.close();
    }

    @Test
    void givenABatchCommitted_whenTheProcessorDiesBeforeItsPublish_thenTheRedeliveryPublishesTheSameEventIdsOnce() {
        // Given three pending orders on one partition, whose batch will crash right after
        // its commit
        OrderKey first = newOrderKey();
        List<OrderKey> keys = List.of(first, keyOnPartitionOf(first), keyOnPartitionOf(first));
        keys.forEach(key -> givenOrder(key, 1200));
        List<ChannelTradeNo> trades = keys.stream().map(k -> newTradeNo()).toList();
        List<Long> raws = java.util.stream.IntStream.range(0, keys.size())
            .mapToObj(i -> storeRaw(jdbc, keys.get(i), trades.get(i), "SUCCESS", 1200))
            .toList();
        CRASH_AFTER.add(raws.getFirst());

        // When their notifications come in one poll
        for (int i = 0; i < keys.size(); i++) {
            batch.add(succeeded(raws.get(i), keys.get(i), trades.get(i), 1200, 1200));
        }
        batch.send();

        // Then the batch is committed and the container died before publishing anything
        MessageListenerContainer container = registry.getListenerContainer(PaymentBatchConfig.ID);
        await().atMost(Duration.ofSeconds(60)).until(() -> CRASHES.get() == 1 && !container.isRunning());
        assertThat(keys).allSatisfy(key -> assertThat(db.status(key)).isEqualTo("PAID"));
        assertThat(raws).allSatisfy(raw -> assertThat(db.outcome(raw)).isEqualTo("APPLIED"));
        assertThat(keys).allSatisfy(key -> assertThat(paidEventsFor(key)).isEmpty());

        // When the processor's batch listener starts again
        container.start();

        // Then the redelivered batch publishes each payment's order.paid once, with its
        // own
        // event id, and its settlement; every effect exists once
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            for (int i = 0; i < keys.size(); i++) {
                assertThat(paidEventsFor(keys.get(i))).as("order.paid of order %d", i)
                    .singleElement()
                    .satisfies(e -> assertThat(e.eventId())
                        .isEqualTo(OrderPaid.idFor(Channel.WECHATPAY, e.channelTradeNo())));
            }
            assertThat(settled.values()).filteredOn(s -> raws.contains(s.rawId()))
                .hasSize(raws.size())
                .allSatisfy(s -> assertThat(s.outcome()).isEqualTo(RawOutcome.APPLIED));
        });
        for (int i = 0; i < keys.size(); i++) {
            assertThat(paidEventsFor(keys.get(i)).getFirst().channelTradeNo()).isEqualTo(trades.get(i));
            assertThat(
                    db.count("SELECT COUNT(*) FROM payment_ledger WHERE channel_trade_no = :v", trades.get(i).value()))
                .isOne();
            assertThat(db.count("SELECT COUNT(*) FROM order_transition t JOIN orders o ON o.id = t.order_id"
                    + " WHERE o.out_trade_no = :v", keys.get(i).outTradeNo().value()))
                .isOne();
            assertThat(db.handled(raws.get(i))).isEqualTo(1);
        }
        assertThat(CRASHES.get()).isOne();
    }

    private static List<OrderPaid> paidEventsFor(OrderKey key) {
        return paid.values().stream().filter(e -> e.orderKey().equals(key)).toList();
    }

    private void givenOrder(OrderKey key, long fen) {
        writer.send(Topics.ORDER_CREATED, key.kafkaKey(), orderCreated(key, fen));
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PENDING"));
    }

    /** The crash: an {@link Error} nobody on the way catches. */
    static final class SimulatedCrash extends Error {

        SimulatedCrash(long rawId) {
            super("simulated crash after the commit of raw " + rawId);
        }

    }

    @TestConfiguration(proxyBeanMethods = false)
    static class CrashingHook {

        @Bean
        @Primary
        AfterCommitHook crashOnce() {
            return (notification, written) -> {
                if (CRASH_AFTER.remove(notification.rawId())) {
                    CRASHES.incrementAndGet();
                    throw new SimulatedCrash(notification.rawId());
                }
            };
        }

    }

}
