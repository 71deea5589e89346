package io.paypipe.processor.transition;

import static io.paypipe.processor.support.Fixtures.*;
import static io.paypipe.processor.support.OneBatch.keyOnPartitionOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.Mockito.doAnswer;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.event.NotificationSettled;
import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.order.OrderRepository;
import io.paypipe.processor.order.OrderRow;
import io.paypipe.processor.support.BytesTopicReader;
import io.paypipe.processor.support.OneBatch;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import io.paypipe.support.testing.TopicReader;
import io.paypipe.support.testing.TopicWriter;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.retrytopic.RetryTopicHeaders;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;

/**
 * The batch path of {@code payment.notify} on a real broker and a real database: the
 * records of one poll are decided one after the other in one transaction, a record that
 * fails leaves for the retry or dead-letter topic without holding up the others, and a
 * batch whose writes do not add up is rolled back and applied record by record.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = { "processor.retry-delays=3s,3s,3s", "processor.batch.enabled=true" })
@DirtiesContext
class PaymentBatchIntegrationTest extends ProcessorIntegrationBase {

    private static final String RETRY_0 = Topics.PAYMENT_NOTIFY.retry(0);

    private static final String DLT = Topics.PAYMENT_NOTIFY.dlt();

    private static TopicWriter writer;

    private static OneBatch batch;

    private static TopicReader<OrderPaid> paid;

    private static TopicReader<RefundTaskCreated> refundTasks;

    private static TopicReader<NotificationSettled> settled;

    private static BytesTopicReader forwarded;

    /** The order whose guarded update the spy reports as having changed nothing, once. */
    private static final AtomicReference<OrderKey> MISCOUNT = new AtomicReference<>();

    @MockitoSpyBean
    OrderRepository orders;

    @Autowired
    MeterRegistry meters;

    @BeforeAll
    static void clients() {
        String bootstrap = TestInfra.get().bootstrapServers();
        writer = new TopicWriter(bootstrap);
        batch = new OneBatch(bootstrap);
        paid = new TopicReader<>(bootstrap, Topics.ORDER_PAID);
        refundTasks = new TopicReader<>(bootstrap, Topics.REFUND_TASK);
        settled = new TopicReader<>(bootstrap, Topics.PAYMENT_SETTLED);
        forwarded = new BytesTopicReader(bootstrap, List.of(RETRY_0, DLT));
    }

    @AfterAll
    static void closeClients() {
        writer.close();
        batch.close();
        paid.close();
        refundTasks.close();
        settled.close();
        forwarded.close();
    }

    @Test
    void givenTwoOrdersInOneBatch_whenEachGetsASecondRecord_thenEachRecordSeesWhatTheOneBeforeDid() {
        // Given two pending orders on one partition
        OrderKey a = newOrderKey();
        OrderKey b = keyOnPartitionOf(a);
        givenOrder(a, 700);
        givenOrder(b, 800);
        ChannelTradeNo aTrade = newTradeNo();
        ChannelTradeNo bFirst = newTradeNo();
        ChannelTradeNo bSecond = newTradeNo();
        long aRaw = storeRaw(jdbc, a, aTrade, "SUCCESS", 700);
        long bFirstRaw = storeRaw(jdbc, b, bFirst, "SUCCESS", 800);
        long bSecondRaw = storeRaw(jdbc, b, bSecond, "SUCCESS", 800);
        double together = records("together");

        // When one poll brings: A paid, the same notification of A again, B paid, B paid
        // by
        // another trade
        batch.add(succeeded(aRaw, a, aTrade, 700, 700))
            .add(succeeded(aRaw, a, aTrade, 700, 700))
            .add(succeeded(bFirstRaw, b, bFirst, 800, 800))
            .add(succeeded(bSecondRaw, b, bSecond, 800, 800))
            .send();

        // Then all four were applied together, each deciding on what the one before it
        // did:
        await().untilAsserted(() -> assertThat(records("together") - together).isEqualTo(4));
        // A is paid once by its trade, and the second record is its duplicate
        assertThat(db.status(a)).isEqualTo("PAID");
        assertThat(db.outcome(aRaw)).isEqualTo("APPLIED");
        assertThat(ledgerRows(aTrade)).isOne();
        assertThat(transitions(a)).isOne();
        // B is paid by its first trade; the second is a double payment with a refund task
        // and an alert
        assertThat(db.status(b)).isEqualTo("PAID");
        assertThat(db.outcome(bFirstRaw)).isEqualTo("APPLIED");
        assertThat(db.outcome(bSecondRaw)).isEqualTo("ILLEGAL_DOUBLE_PAYMENT");
        assertThat(ledgerRows(bFirst)).isOne();
        assertThat(ledgerRows(bSecond)).isZero();
        assertThat(transitions(b)).isOne();
        assertThat(
                db.count("SELECT COUNT(*) FROM refund_task WHERE channel_trade_no = :v AND reason = 'DOUBLE_PAYMENT'",
                        bSecond.value()))
            .isOne();
        assertThat(db.count("SELECT COUNT(*) FROM ops_alert WHERE channel_trade_no = :v AND kind = 'DOUBLE_PAYMENT'",
                bSecond.value()))
            .isOne();
        // and the events went out after the commit: order.paid of A twice (same id), of B
        // once, B's refund task, a settlement per record
        await().untilAsserted(() -> {
            assertThat(paidEventsFor(a)).hasSize(2)
                .extracting(OrderPaid::eventId)
                .containsOnly(OrderPaid.idFor(Channel.WECHATPAY, aTrade));
            assertThat(paidEventsFor(b)).singleElement()
                .satisfies(e -> assertThat(e.channelTradeNo()).isEqualTo(bFirst));
            assertThat(refundTasks.values()).filteredOn(t -> t.channelTradeNo().equals(bSecond)).hasSize(1);
            assertThat(settled.values()).filteredOn(s -> List.of(aRaw, bFirstRaw, bSecondRaw).contains(s.rawId()))
                .extracting(NotificationSettled::rawId, NotificationSettled::outcome)
                .containsExactlyInAnyOrder(tuple(aRaw, RawOutcome.APPLIED), tuple(aRaw, RawOutcome.APPLIED),
                        tuple(bFirstRaw, RawOutcome.APPLIED), tuple(bSecondRaw, RawOutcome.ILLEGAL_DOUBLE_PAYMENT));
        });
    }

    @Test
    void givenABatch_whenOneRecordsOrderIsNotThereYet_thenItGoesToTheFirstRetryTopicAndTheOthersCommit() {
        // Given two pending orders and, between them on the same partition, a
        // notification
        // for an order not stored yet
        OrderKey before = newOrderKey();
        OrderKey missing = keyOnPartitionOf(before);
        OrderKey after = keyOnPartitionOf(before);
        givenOrder(before, 100);
        givenOrder(after, 300);
        ChannelTradeNo beforeTrade = newTradeNo();
        ChannelTradeNo missingTrade = newTradeNo();
        ChannelTradeNo afterTrade = newTradeNo();
        long beforeRaw = storeRaw(jdbc, before, beforeTrade, "SUCCESS", 100);
        long missingRaw = storeRaw(jdbc, missing, missingTrade, "SUCCESS", 200);
        long afterRaw = storeRaw(jdbc, after, afterTrade, "SUCCESS", 300);

        // When they come in one poll
        long sentAt = System.currentTimeMillis();
        batch.add(succeeded(beforeRaw, before, beforeTrade, 100, 100))
            .add(succeeded(missingRaw, missing, missingTrade, 200, 200))
            .add(succeeded(afterRaw, after, afterTrade, 300, 300))
            .send();

        // Then the ones before and after it are applied
        await().untilAsserted(() -> assertThat(db.handled(afterRaw)).isEqualTo(1));
        assertThat(db.handled(beforeRaw)).isEqualTo(1);
        assertThat(db.handled(missingRaw)).isZero();
        // and the missing one is on the first retry topic as the per-record listener
        // would
        // have put it there: one attempt counted, the retry headers, the cause
        await()
            .untilAsserted(() -> assertThat(forwarded.of(RETRY_0, missing.kafkaKey())).singleElement().satisfies(r -> {
                assertThat(text(r, KafkaHeaders.ORIGINAL_TOPIC)).isEqualTo(Topics.PAYMENT_NOTIFY.name());
                assertThat(text(r, KafkaHeaders.ORIGINAL_CONSUMER_GROUP)).isEqualTo(PaymentNotifiedListener.ID);
                assertThat(text(r, KafkaHeaders.EXCEPTION_CAUSE_FQCN)).endsWith("OrderNotFoundException");
                assertThat(ByteBuffer.wrap(header(r, RetryTopicHeaders.DEFAULT_HEADER_ATTEMPTS).value()).getInt())
                    .isEqualTo(2);
                assertThat(new BigInteger(header(r, RetryTopicHeaders.DEFAULT_HEADER_BACKOFF_TIMESTAMP).value())
                    .longValue()).isGreaterThanOrEqualTo(sentAt + 3000);
            }));
        assertThat(attempts(missingRaw)).isOne();
        assertThat(db.lastError(missingRaw)).contains("OrderNotFoundException");

        // When its order arrives
        givenOrder(missing, 200);

        // Then the retry topic's per-record listener applies it
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(db.handled(missingRaw)).isEqualTo(1));
        assertThat(db.status(missing)).isEqualTo("PAID");
        assertThat(forwarded.of(DLT, missing.kafkaKey())).isEmpty();
    }

    @Test
    void givenABatch_whenARecordCannotBeRead_thenItIsADeadLetterAtOnceAndTheOthersCommit() {
        // Given two pending orders on one partition
        OrderKey first = newOrderKey();
        OrderKey last = keyOnPartitionOf(first);
        givenOrder(first, 400);
        givenOrder(last, 500);
        ChannelTradeNo firstTrade = newTradeNo();
        ChannelTradeNo lastTrade = newTradeNo();
        long firstRaw = storeRaw(jdbc, first, firstTrade, "SUCCESS", 400);
        long lastRaw = storeRaw(jdbc, last, lastTrade, "SUCCESS", 500);
        byte[] poison = "not a notification {".getBytes(StandardCharsets.UTF_8);

        // When a record nobody can read is polled between their notifications
        batch.add(succeeded(firstRaw, first, firstTrade, 400, 400))
            .addBytes(last, poison)
            .add(succeeded(lastRaw, last, lastTrade, 500, 500))
            .send();

        // Then both are applied and the unreadable one is on the dead-letter topic with
        // its
        // bytes, never retried
        await().untilAsserted(() -> assertThat(db.handled(lastRaw)).isEqualTo(1));
        assertThat(db.handled(firstRaw)).isEqualTo(1);
        await().untilAsserted(() -> assertThat(forwarded.of(DLT, last.kafkaKey())).singleElement().satisfies(r -> {
            assertThat(r.value()).isEqualTo(poison);
            assertThat(text(r, KafkaHeaders.EXCEPTION_CAUSE_FQCN)).endsWith("InvalidRecordException");
        }));
        assertThat(forwarded.of(RETRY_0, last.kafkaKey())).isEmpty();
    }

    @Test
    void givenABatch_whenTheGuardedUpdateMovesFewerOrdersThanDecided_thenTheBatchIsRolledBackAndAppliedRecordByRecord() {
        // Given two pending orders on one partition, and a database that reports the
        // guarded update as having moved one order fewer, once
        OrderKey first = newOrderKey();
        OrderKey second = keyOnPartitionOf(first);
        givenOrder(first, 900);
        givenOrder(second, 950);
        ChannelTradeNo firstTrade = newTradeNo();
        ChannelTradeNo secondTrade = newTradeNo();
        long firstRaw = storeRaw(jdbc, first, firstTrade, "SUCCESS", 900);
        long secondRaw = storeRaw(jdbc, second, secondTrade, "SUCCESS", 950);
        MISCOUNT.set(first);
        doAnswer(call -> {
            int moved = (int) call.callRealMethod();
            List<OrderRepository.Move> moves = call.getArgument(0);
            if (moves.getFirst().to().key().equals(MISCOUNT.get()) && MISCOUNT.compareAndSet(first, null)) {
                return moved - 1;
            }
            return moved;
        }).when(orders).moveAll(anyList(), any());
        double fallback = records("fallback");
        double together = records("together");

        // When both come in one poll
        batch.add(succeeded(firstRaw, first, firstTrade, 900, 900))
            .add(succeeded(secondRaw, second, secondTrade, 950, 950))
            .send();

        // Then the batch fell back: both records were applied one by one, each exactly
        // once
        await().untilAsserted(() -> assertThat(db.handled(secondRaw)).isEqualTo(1));
        assertThat(MISCOUNT.get()).as("the miscount happened").isNull();
        assertThat(records("fallback") - fallback).isEqualTo(2);
        assertThat(records("together") - together).isZero();
        assertThat(db.handled(firstRaw)).isEqualTo(1);
        assertThat(db.outcome(firstRaw)).isEqualTo("APPLIED");
        assertThat(ledgerRows(firstTrade)).isOne();
        assertThat(ledgerRows(secondTrade)).isOne();
        assertThat(transitions(first)).isOne();
        assertThat(transitions(second)).isOne();
        await().untilAsserted(() -> {
            assertThat(paidEventsFor(first)).hasSize(1);
            assertThat(paidEventsFor(second)).hasSize(1);
        });
    }

    @Test
    void givenTwoPendingOrders_whenOneWasPaidMeanwhile_thenTheGuardedUpdateMovesOnlyTheOther() {
        // Given two pending orders, read as the batch would, and the first one paid by
        // someone else since
        OrderKey first = newOrderKey();
        OrderKey second = newOrderKey();
        givenOrder(first, 300);
        givenOrder(second, 400);
        OrderRow firstRow = orders.find(first.merchantId(), first.outTradeNo()).orElseThrow();
        OrderRow secondRow = orders.find(second.merchantId(), second.outTradeNo()).orElseThrow();
        jdbc.sql("UPDATE orders SET status = 'PAID' WHERE id = :id").param("id", firstRow.id().value()).update();
        // whole seconds: Connector/J sends no fraction to a server reporting 5.5.5-10.x
        Instant at = Instant.parse("2026-12-03T10:00:00Z");

        // When the batch's one guarded UPDATE moves both from PENDING to PAID
        int moved = orders.moveAll(List.of(paidMove(firstRow, "T-FIRST", at), paidMove(secondRow, "T-SECOND", at)), at);

        // Then only the second moved, with every column the move carries; the first is
        // left as the other writer left it
        assertThat(moved).isOne();
        OrderRow after = orders.find(second.merchantId(), second.outTradeNo()).orElseThrow();
        assertThat(after.status()).isEqualTo(OrderStatus.PAID);
        assertThat(after.channelTradeNo()).contains("T-SECOND");
        assertThat(after.paidAmount()).contains(secondRow.amount());
        assertThat(after.paidAt()).contains(at);
        assertThat(orders.find(first.merchantId(), first.outTradeNo()).orElseThrow().channelTradeNo()).isEmpty();
    }

    private static OrderRepository.Move paidMove(OrderRow row, String tradeNo, Instant at) {
        return new OrderRepository.Move(row.status(), row.paid(OrderStatus.PAID, tradeNo, row.amount(), at));
    }

    private double records(String path) {
        return meters.get("paypipe.processor.batch.records").tag("path", path).counter().count();
    }

    private long ledgerRows(ChannelTradeNo tradeNo) {
        return db.count("SELECT COUNT(*) FROM payment_ledger WHERE channel_trade_no = :v", tradeNo.value());
    }

    private long transitions(OrderKey key) {
        return db.count("SELECT COUNT(*) FROM order_transition t JOIN orders o ON o.id = t.order_id"
                + " WHERE o.out_trade_no = :v", key.outTradeNo().value());
    }

    private int attempts(long rawId) {
        return jdbc.sql("SELECT attempts FROM pay_notify_raw WHERE id = :id")
            .param("id", rawId)
            .query(Integer.class)
            .single();
    }

    private static List<OrderPaid> paidEventsFor(OrderKey key) {
        return paid.values().stream().filter(e -> e.orderKey().equals(key)).toList();
    }

    private static Header header(ConsumerRecord<String, byte[]> r, String name) {
        Header h = r.headers().lastHeader(name);
        assertThat(h).as(name).isNotNull();
        return h;
    }

    private static String text(ConsumerRecord<String, byte[]> r, String name) {
        return new String(header(r, name).value(), StandardCharsets.UTF_8);
    }

    private void givenOrder(OrderKey key, long fen) {
        writer.send(Topics.ORDER_CREATED, key.kafkaKey(), orderCreated(key, fen));
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PENDING"));
    }

}
