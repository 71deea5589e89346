package io.paypipe.processor.transition;

import static io.paypipe.processor.support.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.order.OrderRepository;
import io.paypipe.processor.support.BytesTopicReader;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.failure.TransientRecordException;
import io.paypipe.support.testing.TopicWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.AbstractMessageListenerContainer;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.test.annotation.DirtiesContext;

/**
 * Retry topics on a real broker and a real database, with the ladder compressed to 3 s in
 * all. The publish time-out is long: the tests count the retry levels a record climbs,
 * and once in CI (a host running two builds at once) a paid record went one level higher
 * than its injected failures, most likely after a broker answer slower than the default 5
 * s: a real transient failure, but not the one under test.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = { "processor.retry-delays=" + RetryTopicsIntegrationTest.LADDER, "processor.publish-timeout=30s" })
@DirtiesContext
class RetryTopicsIntegrationTest extends ProcessorIntegrationBase {

    static final String LADDER = "200ms,400ms,800ms,1600ms";

    private static final Duration LADDER_SUM = Duration.ofMillis(3000);

    private static final int LEVELS = 4;

    private static final int PARTITIONS = 6;

    private static final String DLT = "payment.notify-dlt";

    /** Raw id -> failures still to inject before the real processing runs. */
    static final Map<Long, AtomicInteger> FAILURES_LEFT = new ConcurrentHashMap<>();

    private static TopicWriter writer;

    private static BytesTopicReader topics;

    @Autowired
    KafkaListenerEndpointRegistry registry;

    @Autowired
    MeterRegistry meters;

    @BeforeAll
    static void clients() {
        writer = new TopicWriter(TestInfra.get().bootstrapServers());
        List<String> names = new java.util.ArrayList<>(
                IntStream.range(0, LEVELS).mapToObj(RetryTopicsIntegrationTest::retryTopic).toList());
        names.add(DLT);
        topics = new BytesTopicReader(TestInfra.get().bootstrapServers(), names);
    }

    @AfterAll
    static void closeClients() {
        writer.close();
        topics.close();
    }

    @Test
    void aTransientFailureClimbsOneRetryLevelPerAttemptThenSucceedsOnce() {
        // Given a pending order whose notification fails transiently on its first 3
        // attempts
        OrderKey key = newOrderKey();
        givenOrder(key, 2000);
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 2000);
        int k = 3;
        FAILURES_LEFT.put(rawId, new AtomicInteger(k));
        double[] routedBefore = IntStream.range(0, k).mapToDouble(this::routedTo).toArray();

        // When it is processed
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 2000, 2000));

        // Then it went through retry levels 0..k-1, counted k failed attempts, and paid
        // the order once
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(db.handled(rawId)).isEqualTo(1));
        assertThat(db.status(key)).isEqualTo("PAID");
        assertThat(db.count("SELECT COUNT(*) FROM payment_ledger WHERE channel_trade_no = :v", tradeNo.value()))
            .isOne();
        assertThat(jdbc.sql("SELECT attempts FROM pay_notify_raw WHERE id = :id")
            .param("id", rawId)
            .query(Integer.class)
            .single()).isEqualTo(k);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            for (int level = 0; level < k; level++) {
                assertThat(topics.of(retryTopic(level), key.kafkaKey())).as("level %d", level).hasSize(1);
            }
        });
        assertThat(topics.of(retryTopic(k), key.kafkaKey())).isEmpty();
        assertThat(topics.of(DLT, key.kafkaKey())).isEmpty();
        // and each level's forward was counted (paypipe.kafka.retries{topic,level})
        for (int level = 0; level < k; level++) {
            assertThat(routedTo(level)).as("retries counted at level %d", level)
                .isGreaterThanOrEqualTo(routedBefore[level] + 1);
        }
    }

    @Test
    void aNotificationThatFailsOnEveryAttemptTakesTheLadderThenIsADeadLetterWithoutHoldingUpOthers() {
        // Given a notification for an order that never comes, and behind it on the same
        // partition a
        // notification for an existing order
        OrderKey lost = newOrderKey();
        long lostRaw = storeRaw(jdbc, lost, newTradeNo(), "SUCCESS", 300);
        OrderKey behind = keyOnPartitionOf(lost);
        givenOrder(behind, 400);
        var behindTrade = newTradeNo();
        long behindRaw = storeRaw(jdbc, behind, behindTrade, "SUCCESS", 400);

        // When both are published, the lost one first
        long start = System.nanoTime();
        writer.send(Topics.PAYMENT_NOTIFY, lost.kafkaKey(), succeeded(lostRaw, lost, newTradeNo(), 300, 300));
        writer.send(Topics.PAYMENT_NOTIFY, behind.kafkaKey(), succeeded(behindRaw, behind, behindTrade, 400, 400));

        // Then the one behind is applied while the lost one still waits on the retry
        // topics
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(db.handled(behindRaw)).isEqualTo(1));
        assertThat(db.handled(lostRaw)).isZero();

        // And the lost one took every delay of the ladder (order of magnitude), then
        // became a dead letter:
        // raw row handled=2 UNKNOWN_ORDER, one attempt counted per failure, an
        // UNKNOWN_ORDER alert
        await().atMost(Duration.ofSeconds(60))
            .pollInterval(Duration.ofMillis(50))
            .untilAsserted(() -> assertThat(db.handled(lostRaw)).isEqualTo(2));
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        assertThat(elapsed).isGreaterThanOrEqualTo(LADDER_SUM).isLessThan(LADDER_SUM.multipliedBy(10));
        assertThat(db.outcome(lostRaw)).isEqualTo("UNKNOWN_ORDER");
        assertThat(db.lastError(lostRaw)).contains("OrderNotFoundException");
        assertThat(jdbc.sql("SELECT attempts FROM pay_notify_raw WHERE id = :id")
            .param("id", lostRaw)
            .query(Integer.class)
            .single()).isEqualTo(LEVELS + 1);
        assertThat(db.count("SELECT COUNT(*) FROM ops_alert WHERE raw_id = " + lostRaw + " AND kind = :v",
                "UNKNOWN_ORDER"))
            .isOne();
        await().atMost(Duration.ofSeconds(30))
            .untilAsserted(() -> assertThat(topics.of(DLT, lost.kafkaKey())).singleElement()
                .satisfies(r -> assertThat(header(r.headers().lastHeader(KafkaHeaders.EXCEPTION_CAUSE_FQCN)))
                    .endsWith("OrderNotFoundException")));
    }

    @Test
    void eachRetryLevelAndTheDeadLetterTopicRunOneConsumerWhileTheBatchListenerKeepsItsThreads() {
        // Given the processor's defaults (concurrency 2, retry-concurrency 1) and six
        // partitions per topic
        // Then each retry level and dead-letter topic of both retried topics runs one
        // consumer for all six partitions: idle ones still poll the broker
        assertThat(registry.getAllListenerContainers())
            .filteredOn(c -> c.getListenerId().contains("-retry-") || c.getListenerId().endsWith("-dlt"))
            // payment.notify's levels of this test's ladder, order.created's eight (its
            // default), and a dead-letter topic each
            .hasSize(LEVELS + 1 + 8 + 1)
            .allSatisfy(c -> {
                assertThat(c.isRunning()).as(c.getListenerId()).isTrue();
                assertThat(((ConcurrentMessageListenerContainer<?, ?>) c).getContainers()).as(c.getListenerId())
                    .hasSize(1);
            });
        // and the payment.notify batch listener keeps its two
        assertThat(((ConcurrentMessageListenerContainer<?, ?>) registry.getListenerContainer("processor-notify-batch"))
            .getContainers()).hasSize(2);
    }

    @Test
    void aBurstOfFailingRecordsOnOnePartitionIsForwardedWithoutAFetchWaitPerRecord() {
        // Given the retry feature's error handler, which must not seek back after each
        // forwarded record
        assertThat(registry.getAllListenerContainers())
            .filteredOn(c -> c.getListenerId().startsWith("processor-payment-notify"))
            .hasSize(LEVELS + 2)
            .allSatisfy(c -> assertThat(((AbstractMessageListenerContainer<?, ?>) c).getCommonErrorHandler())
                .isInstanceOfSatisfying(DefaultErrorHandler.class, h -> assertThat(h.isSeekAfterError()).isFalse()));
        // and 40 notifications on one partition for orders that are not there (yet)
        OrderKey first = newOrderKey();
        List<OrderKey> keys = new java.util.ArrayList<>(List.of(first));
        while (keys.size() < 40) {
            keys.add(keyOnPartitionOf(first));
        }
        List<PaymentNotified> burst = keys.stream().map(key -> {
            var tradeNo = newTradeNo();
            return succeeded(storeRaw(jdbc, key, tradeNo, "SUCCESS", 100), key, tradeNo, 100, 100);
        }).toList();

        // When they arrive at once
        long start = System.nanoTime();
        burst.forEach(n -> writer.send(Topics.PAYMENT_NOTIFY, n.orderKey().kafkaKey(), n));

        // Then all reach the first retry topic in a fraction of what one fetch wait (500
        // ms) per record would take
        await().atMost(Duration.ofSeconds(60))
            .untilAsserted(() -> assertThat(keys)
                .allSatisfy(key -> assertThat(topics.of(retryTopic(0), key.kafkaKey())).hasSize(1)));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(500L * keys.size() / 2));
    }

    @Test
    void aPoisonRecordGoesStraightToTheDeadLetterTopicAndTheRecordBehindItIsProcessed() {
        // Given a pending order
        OrderKey key = newOrderKey();
        givenOrder(key, 600);
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 600);
        byte[] poison = "this is not JSON {".getBytes(StandardCharsets.UTF_8);

        // When a record nobody can read is published with the order's key, then a valid
        // notification
        writer.sendBytes(Topics.PAYMENT_NOTIFY.name(), key.kafkaKey(), poison);
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 600, 600));

        // Then the valid one pays the order, and the poison sits on the dead-letter topic
        // with its bytes,
        // without any retry
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(db.handled(rawId)).isEqualTo(1));
        assertThat(db.status(key)).isEqualTo("PAID");
        await().atMost(Duration.ofSeconds(30))
            .untilAsserted(() -> assertThat(topics.of(DLT, key.kafkaKey())).singleElement().satisfies(r -> {
                assertThat(r.value()).isEqualTo(poison);
                assertThat(header(r.headers().lastHeader(KafkaHeaders.ORIGINAL_TOPIC)))
                    .isEqualTo(Topics.PAYMENT_NOTIFY.name());
            }));
        assertThat(topics.of(retryTopic(0), key.kafkaKey())).isEmpty();
    }

    private double routedTo(int level) {
        Counter counter = meters.find("paypipe.kafka.retries")
            .tag("topic", retryTopic(level))
            .tag("level", Integer.toString(level))
            .counter();
        return counter == null ? 0 : counter.count();
    }

    private static String retryTopic(int level) {
        return Topics.PAYMENT_NOTIFY.name() + "-retry-" + level;
    }

    private static OrderKey keyOnPartitionOf(OrderKey other) {
        int partition = partition(other);
        OrderKey key = newOrderKey();
        while (partition(key) != partition) {
            key = newOrderKey();
        }
        return key;
    }

    private static int partition(OrderKey key) {
        return Utils.toPositive(Utils.murmur2(key.kafkaKey().getBytes(StandardCharsets.UTF_8))) % PARTITIONS;
    }

    private static String header(org.apache.kafka.common.header.Header h) {
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    private void givenOrder(OrderKey key, long fen) {
        writer.send(Topics.ORDER_CREATED, key.kafkaKey(), orderCreated(key, fen));
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PENDING"));
    }

    /**
     * Fails the first attempts of the notifications listed in {@link #FAILURES_LEFT},
     * before any transaction: a batch holding one of them fails before it begins (the
     * listener falls back to the records one by one), and the record's own attempt fails
     * there, counted.
     */
    @TestConfiguration(proxyBeanMethods = false)
    static class InjectedFailures {

        @Bean
        @Primary
        BatchApplier failingBatchesWithAFailingRecord(PaymentApplier applier, OrderRepository orders,
                LedgerRepository ledger, TransitionRepository transitions, RawSettlementRepository raws,
                BatchTransactions tx, Clock clock) {
            return new BatchApplier(applier, orders, ledger, transitions, raws, tx, clock) {
                @Override
                Applied apply(List<PaymentNotified> batch) {
                    for (PaymentNotified n : batch) {
                        AtomicInteger left = FAILURES_LEFT.get(n.rawId());
                        if (left != null && left.get() > 0) {
                            throw new InjectedFailure(n.rawId());
                        }
                    }
                    return super.apply(batch);
                }
            };
        }

        @Bean
        @Primary
        PaymentDispatcher failingFirstAttempts(PaymentApplier applier, DownstreamPublisher publisher,
                AlertPublisher alerts, AfterCommitHook afterCommit, OutcomeMeters meters) {
            return new PaymentDispatcher(applier, publisher, alerts, afterCommit, meters) {
                @Override
                PaymentOutcome handle(PaymentNotified n) {
                    AtomicInteger left = FAILURES_LEFT.get(n.rawId());
                    if (left != null && left.getAndDecrement() > 0) {
                        throw new InjectedFailure(n.rawId());
                    }
                    return super.handle(n);
                }
            };
        }

    }

    static final class InjectedFailure extends TransientRecordException {

        InjectedFailure(long rawId) {
            super("injected failure for raw " + rawId, null);
        }

    }

}
