package io.paypipe.processor.transition;

import static io.paypipe.processor.support.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.NotificationSettled;
import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.support.BytesTopicReader;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import io.paypipe.processor.support.TopicSizeLimit;
import io.paypipe.support.testing.TopicReader;
import io.paypipe.support.testing.TopicWriter;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.annotation.DirtiesContext;

/**
 * Issue 13: every raw row the processor settles gets one {@link NotificationSettled} on
 * {@code payment.settled} after the commit, keyed like its notification, with the row's
 * outcome and an id derived from the row and the outcome; a redelivery publishes the same
 * record again; a settlement the broker refuses changes nothing of the payment.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = { "processor.retry-delays=100ms,100ms", "processor.dead-letter-retry-delays=50ms" })
@DirtiesContext
@ExtendWith(OutputCaptureExtension.class)
class SettlementRecordsIntegrationTest extends ProcessorIntegrationBase {

    private static TopicWriter writer;

    private static TopicReader<NotificationSettled> settled;

    private static TopicReader<OrderPaid> paid;

    private static BytesTopicReader retries;

    private static TopicSizeLimit sizeLimit;

    @BeforeAll
    static void clients() {
        String bootstrap = TestInfra.get().bootstrapServers();
        writer = new TopicWriter(bootstrap);
        settled = new TopicReader<>(bootstrap, Topics.PAYMENT_SETTLED);
        paid = new TopicReader<>(bootstrap, Topics.ORDER_PAID);
        retries = new BytesTopicReader(bootstrap, List.of(Topics.PAYMENT_NOTIFY.retry(0), Topics.PAYMENT_NOTIFY.dlt()));
        sizeLimit = new TopicSizeLimit(bootstrap);
    }

    @AfterAll
    static void closeClients() {
        writer.close();
        settled.close();
        paid.close();
        retries.close();
        sizeLimit.close();
    }

    @AfterEach
    void restoreSettledTopic() throws Exception {
        sizeLimit.restore(Topics.PAYMENT_SETTLED.name());
    }

    @Test
    void anAppliedPaymentPublishesOneSettlementWithItsOutcomeAndIds() {
        // Given a pending order and the raw row of its payment
        OrderKey key = givenPendingOrder(1200);
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 1200);

        // When the payment is processed
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 1200, 1200));

        // Then exactly one settlement names the row, its notification and its outcome,
        // under the order's key
        await().untilAsserted(() -> assertThat(settlementsOf(rawId)).hasSize(1));
        assertOnlySettlements(rawId, RawOutcome.APPLIED);
        ConsumerRecord<String, NotificationSettled> record = settlementsOf(rawId).getFirst();
        assertThat(record.key()).isEqualTo(key.kafkaKey());
        assertThat(record.value()).satisfies(s -> {
            assertThat(s.eventId()).isEqualTo(NotificationSettled.idFor(rawId, RawOutcome.APPLIED));
            assertThat(s.notifyEventId()).isEqualTo(PaymentNotified.idFor(rawId));
            assertThat(s.rawId()).isEqualTo(rawId);
            assertThat(s.channel()).isEqualTo(Channel.WECHATPAY);
            assertThat(s.orderKey()).isEqualTo(key);
            assertThat(s.settledAt()).isNotNull();
        });
        assertThat(db.outcome(rawId)).isEqualTo("APPLIED");
    }

    @Test
    void aRedeliveredNotificationPublishesTheSameSettlementAgain() {
        // Given a payment that was applied and settled
        OrderKey key = givenPendingOrder(600);
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 600);
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 600, 600));
        await().untilAsserted(() -> assertThat(settlementsOf(rawId)).hasSize(1));

        // When the same notification is delivered again (a duplicate of the applied
        // payment)
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 600, 600));

        // Then the row keeps APPLIED and its settlement is published again with the same
        // id, so the watchdog sees it settled
        await().untilAsserted(() -> assertThat(settlementsOf(rawId)).hasSize(2));
        assertOnlySettlements(rawId, RawOutcome.APPLIED, RawOutcome.APPLIED);
        assertThat(db.outcome(rawId)).isEqualTo("APPLIED");
    }

    @Test
    void aRowWithoutOutcomeForTheTradeThatPaidItsOrderSettlesAsDuplicate() {
        // Given an order paid by a trade whose raw row lost its outcome (a row settled
        // before outcomes were recorded)
        OrderKey key = givenPendingOrder(700);
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 700);
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 700, 700));
        await().untilAsserted(() -> assertThat(settlementsOf(rawId)).hasSize(1));
        jdbc.sql("UPDATE pay_notify_raw SET handled = 0, outcome = NULL WHERE id = :id").param("id", rawId).update();

        // When its notification is delivered again
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 700, 700));

        // Then the row is settled as a duplicate, and so is its new settlement record
        await().untilAsserted(() -> assertThat(settlementsOf(rawId)).hasSize(2));
        assertOnlySettlements(rawId, RawOutcome.APPLIED, RawOutcome.DUPLICATE);
        assertThat(db.outcome(rawId)).isEqualTo("DUPLICATE");
        assertThat(db.handled(rawId)).isEqualTo(1);
    }

    @Test
    void aMismatchPublishesTheSettlementOfARowSetAside() {
        // Given a pending order of 10.00
        OrderKey key = givenPendingOrder(1000);
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 1001);

        // When a payment of another order amount arrives
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 1001, 1001));

        // Then the row is set aside as MISMATCH and settled as such
        await().untilAsserted(() -> assertThat(settlementsOf(rawId)).hasSize(1));
        assertOnlySettlements(rawId, RawOutcome.MISMATCH);
        assertThat(db.handled(rawId)).isEqualTo(2);
        assertThat(db.status(key)).isEqualTo("PENDING");
    }

    @Test
    void aDeadLetteredNotificationPublishesTheSettlementOfItsDeadLetterOutcomeOnly() {
        // Given a payment whose order never comes
        OrderKey key = newOrderKey();
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 900);

        // When it is processed and climbs the (short) ladder to the dead-letter topic
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 900, 900));

        // Then its failed attempts settled nothing; the dead letter settles it
        // UNKNOWN_ORDER, once
        await().atMost(Duration.ofSeconds(60))
            .untilAsserted(() -> assertThat(db.outcome(rawId)).isEqualTo("UNKNOWN_ORDER"));
        await().untilAsserted(() -> assertThat(settlementsOf(rawId)).hasSize(1));
        assertOnlySettlements(rawId, RawOutcome.UNKNOWN_ORDER);
    }

    @Test
    void aSettlementTheBrokerRefusesLeavesThePaymentAppliedWithoutRetryAndLogsAnError(CapturedOutput output)
            throws Exception {
        // Given payment.settled takes no record as large as a settlement
        sizeLimit.limit(Topics.PAYMENT_SETTLED.name(), 64);
        OrderKey key = givenPendingOrder(1300);
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 1300);

        // When the payment is processed
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 1300, 1300));

        // Then the payment stands, order.paid is out, an ERROR line names the ids
        await().untilAsserted(() -> assertThat(output.getAll()).contains("settlement "
                + NotificationSettled.idFor(rawId, RawOutcome.APPLIED) + " of raw " + rawId + " (notification "
                + PaymentNotified.idFor(rawId) + ", order " + key + ", outcome APPLIED) not published"));
        assertThat(db.status(key)).isEqualTo("PAID");
        assertThat(db.outcome(rawId)).isEqualTo("APPLIED");
        assertThat(db.count("SELECT COUNT(*) FROM payment_ledger WHERE channel_trade_no = :v", tradeNo.value()))
            .isOne();
        await().untilAsserted(() -> assertThat(paid.values()).filteredOn(e -> e.orderKey().equals(key)).hasSize(1));
        // and the record was neither retried nor dead-lettered, nor did it raise an alert
        await().during(Duration.ofSeconds(1))
            .atMost(Duration.ofSeconds(5))
            .untilAsserted(() -> assertThat(retries.of(Topics.PAYMENT_NOTIFY.retry(0), key.kafkaKey())).isEmpty());
        assertThat(retries.of(Topics.PAYMENT_NOTIFY.dlt(), key.kafkaKey())).isEmpty();
        assertThat(db.count("SELECT COUNT(*) FROM ops_alert WHERE raw_id = :v", Long.toString(rawId))).isZero();
        assertThat(settlementsOf(rawId)).isEmpty();
    }

    private List<ConsumerRecord<String, NotificationSettled>> settlementsOf(long rawId) {
        return settled.poll().stream().filter(r -> r.value().rawId() == rawId).toList();
    }

    /**
     * The row's settlements are exactly these outcomes, in order, each with the id of its
     * row and outcome; and no more arrive.
     */
    private void assertOnlySettlements(long rawId, RawOutcome... outcomes) {
        await().during(Duration.ofSeconds(1))
            .atMost(Duration.ofSeconds(5))
            .untilAsserted(() -> assertThat(settlementsOf(rawId)).hasSize(outcomes.length));
        assertThat(settlementsOf(rawId)).extracting(r -> r.value().outcome()).containsExactly(outcomes);
        assertThat(settlementsOf(rawId)).allSatisfy(r -> {
            assertThat(r.value().eventId()).isEqualTo(NotificationSettled.idFor(rawId, r.value().outcome()));
            assertThat(r.value().notifyEventId()).isEqualTo(PaymentNotified.idFor(rawId));
        });
    }

    private OrderKey givenPendingOrder(long fen) {
        OrderKey key = newOrderKey();
        writer.send(Topics.ORDER_CREATED, key.kafkaKey(), orderCreated(key, fen));
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PENDING"));
        return key;
    }

}
