package io.paypipe.processor.transition;

import static io.paypipe.processor.support.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import io.paypipe.support.testing.TopicReader;
import io.paypipe.support.testing.TopicWriter;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;

/**
 * The processor on a real broker and a real database: each notification has one fixed,
 * visible answer.
 */
@DirtiesContext
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = "processor.retry-delays=100ms,200ms,400ms,800ms,1s,1s")
class PaymentProcessingIntegrationTest extends ProcessorIntegrationBase {

    private static TopicWriter writer;

    private static TopicReader<OrderPaid> paid;

    private static TopicReader<RefundTaskCreated> refundTasks;

    @BeforeAll
    static void clients() {
        writer = new TopicWriter(TestInfra.get().bootstrapServers());
        paid = new TopicReader<>(TestInfra.get().bootstrapServers(), Topics.ORDER_PAID);
        refundTasks = new TopicReader<>(TestInfra.get().bootstrapServers(), Topics.REFUND_TASK);
    }

    @AfterAll
    static void closeClients() {
        writer.close();
        paid.close();
        refundTasks.close();
    }

    @Test
    void firstSuccessPaysTheOrderOnceAndPublishesOrderPaid() {
        // Given a pending order of 100.10 CNY
        OrderKey key = newOrderKey();
        givenOrder(key, 10010);
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 10010);

        // When the channel says it was paid (the payer paid 100.00 after a coupon)
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 10010, 10000));

        // Then the order is paid by that trade, the ledger books what the payer paid, the
        // raw row is settled
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PAID"));
        assertThat(db.count("SELECT COUNT(*) FROM payment_ledger WHERE channel_trade_no = :v", tradeNo.value()))
            .isOne();
        assertThat(jdbc.sql("SELECT paid_amount_minor FROM payment_ledger WHERE channel_trade_no = :v")
            .param("v", tradeNo.value())
            .query(Long.class)
            .single()).isEqualTo(10000L);
        assertThat(db.handled(rawId)).isEqualTo(1);
        assertThat(db.count("SELECT COUNT(*) FROM order_transition t JOIN orders o ON o.id = t.order_id"
                + " WHERE o.out_trade_no = :v AND t.event = 'PAYMENT_SUCCEEDED'", key.outTradeNo().value()))
            .isOne();
        await().untilAsserted(() -> assertThat(paidEventsFor(key)).singleElement()
            .satisfies(e -> assertThat(e.eventId()).isEqualTo(OrderPaid.idFor(e.channel(), tradeNo))));
    }

    @Test
    void sameTradeAgainIsADuplicateThatRepublishesTheSameEventId() {
        // Given an order already paid by a trade
        OrderKey key = newOrderKey();
        givenOrder(key, 500);
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 500);
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 500, 500));
        await().untilAsserted(() -> assertThat(paidEventsFor(key)).hasSize(1));

        // When the same notification is delivered again
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 500, 500));

        // Then order.paid is re-published with the same event id and nothing else changes
        await().untilAsserted(() -> assertThat(paidEventsFor(key)).hasSize(2));
        assertThat(paidEventsFor(key)).extracting(OrderPaid::eventId)
            .containsOnly(OrderPaid.idFor(paidEventsFor(key).getFirst().channel(), tradeNo));
        assertThat(paidEventsFor(key).get(0)).isEqualTo(paidEventsFor(key).get(1));
        assertThat(db.count("SELECT COUNT(*) FROM payment_ledger WHERE channel_trade_no = :v", tradeNo.value()))
            .isOne();
        assertThat(db.handled(rawId)).isEqualTo(1);
    }

    @Test
    void aSecondTradeForAPaidOrderIsSetAsideAsDoublePayment() {
        // Given a paid order
        OrderKey key = newOrderKey();
        givenOrder(key, 800);
        var first = newTradeNo();
        long firstRaw = storeRaw(jdbc, key, first, "SUCCESS", 800);
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(firstRaw, key, first, 800, 800));
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PAID"));

        // When a second, different trade pays the same order
        var second = newTradeNo();
        long secondRaw = storeRaw(jdbc, key, second, "SUCCESS", 800);
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(secondRaw, key, second, 800, 800));

        // Then it is not booked, its raw row waits for a person, the money gets a refund
        // task and an alert
        await().untilAsserted(() -> assertThat(db.handled(secondRaw)).isEqualTo(2));
        assertThat(db.outcome(secondRaw)).isEqualTo("ILLEGAL_DOUBLE_PAYMENT");
        assertThat(db.count("SELECT COUNT(*) FROM payment_ledger WHERE channel_trade_no = :v", second.value()))
            .isZero();
        assertThat(db.count("SELECT COUNT(*) FROM refund_task WHERE channel_trade_no = :v AND reason = 'DOUBLE_PAYMENT'"
                + " AND amount_minor = 800 AND status = 'PENDING'", second.value()))
            .isOne();
        assertThat(db.count("SELECT COUNT(*) FROM ops_alert WHERE channel_trade_no = :v AND kind = 'DOUBLE_PAYMENT'",
                second.value()))
            .isOne();
        await().untilAsserted(() -> assertThat(refundTasks.values()).filteredOn(t -> t.channelTradeNo().equals(second))
            .singleElement()
            .satisfies(t -> {
                assertThat(t.reason()).isEqualTo(RefundTaskCreated.Reason.DOUBLE_PAYMENT);
                assertThat(t.amount().minor()).isEqualTo(800L);
            }));

        // When the same notification is delivered again
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(secondRaw, key, second, 800, 800));

        // Then it decides the same and still one task, one alert
        await().untilAsserted(
                () -> assertThat(refundTasks.values().stream().filter(t -> t.channelTradeNo().equals(second)).count())
                    .isEqualTo(2));
        assertThat(db.count("SELECT COUNT(*) FROM refund_task WHERE channel_trade_no = :v", second.value())).isOne();
        assertThat(db.count("SELECT COUNT(*) FROM ops_alert WHERE channel_trade_no = :v", second.value())).isOne();
    }

    @Test
    void aPaymentForAnOrderTheChannelClosedOverrulesTheCloseWithAConflictAlert() {
        // Given an order WeChat closed (a close means the order is closed at the channel)
        OrderKey key = newOrderKey();
        givenOrder(key, 900);
        var closedTrade = newTradeNo();
        long closeRaw = storeRaw(jdbc, key, closedTrade, "CLOSED", 900);
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(),
                notified(closeRaw, key, closedTrade, PaymentState.CLOSED, "CLOSED", 900, 0));
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("CLOSED"));

        // When a verified payment for it arrives after all
        var lateTrade = newTradeNo();
        long lateRaw = storeRaw(jdbc, key, lateTrade, "SUCCESS", 900);
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(lateRaw, key, lateTrade, 900, 900));

        // Then the payment is kept (no refund), the close is overruled, and one
        // CLOSE_CONFLICT alert asks a person
        await().untilAsserted(() -> assertThat(db.outcome(lateRaw)).isEqualTo("APPLIED"));
        assertThat(db.status(key)).isEqualTo("PAID");
        assertThat(db.outcome(closeRaw)).isEqualTo("CLOSE_OVERRULED");
        assertThat(db.count("SELECT COUNT(*) FROM payment_ledger WHERE channel_trade_no = :v", lateTrade.value()))
            .isOne();
        assertThat(db.count(
                "SELECT COUNT(*) FROM refund_task t JOIN orders o ON o.id = t.order_id WHERE o.out_trade_no = :v",
                key.outTradeNo().value()))
            .isZero();
        assertThat(db.count("SELECT COUNT(*) FROM ops_alert WHERE out_trade_no = :v AND kind = 'CLOSE_CONFLICT'",
                key.outTradeNo().value()))
            .isOne();
        await().untilAsserted(() -> assertThat(paidEventsFor(key)).singleElement()
            .satisfies(e -> assertThat(e.channelTradeNo()).isEqualTo(lateTrade)));
    }

    @Test
    void aCloseThatArrivesAfterThePaymentIsOverruledTheSameWay() {
        // Given an order paid by one trade
        OrderKey key = newOrderKey();
        givenOrder(key, 950);
        var paidTrade = newTradeNo();
        long paidRaw = storeRaw(jdbc, key, paidTrade, "SUCCESS", 950);
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(paidRaw, key, paidTrade, 950, 950));
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PAID"));

        // When the channel's close of another trade arrives late (e.g. delayed on a retry
        // topic)
        var closedTrade = newTradeNo();
        long closeRaw = storeRaw(jdbc, key, closedTrade, "CLOSED", 950);
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(),
                notified(closeRaw, key, closedTrade, PaymentState.CLOSED, "CLOSED", 950, 0));

        // Then the order ends as if the close had come first: paid, kept, the close
        // overruled, one alert
        await().untilAsserted(() -> assertThat(db.outcome(closeRaw)).isEqualTo("CLOSE_OVERRULED"));
        assertThat(db.handled(closeRaw)).isEqualTo(1);
        assertThat(db.status(key)).isEqualTo("PAID");
        assertThat(db.count("SELECT COUNT(*) FROM ops_alert WHERE out_trade_no = :v AND kind = 'CLOSE_CONFLICT'",
                key.outTradeNo().value()))
            .isOne();
        assertThat(db.count(
                "SELECT COUNT(*) FROM refund_task t JOIN orders o ON o.id = t.order_id WHERE o.out_trade_no = :v",
                key.outTradeNo().value()))
            .isZero();
    }

    @Test
    void aPaymentForAnOrderTheMerchantCancelledGetsARefundTask() {
        // Given an order the merchant cancelled (not the channel)
        OrderKey key = newOrderKey();
        givenOrder(key, 990);
        jdbc.sql(
                "UPDATE orders SET status = 'CLOSED', closed_by = 'ORDER_CANCELLED' WHERE merchant_id = :m AND out_trade_no = :o")
            .param("m", key.merchantId().value())
            .param("o", key.outTradeNo().value())
            .update();

        // When the payer pays after all
        var lateTrade = newTradeNo();
        long lateRaw = storeRaw(jdbc, key, lateTrade, "SUCCESS", 990);
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(lateRaw, key, lateTrade, 990, 990));

        // Then the order stays closed, the money gets a refund task and an alert (the
        // articles' paid-after-close)
        await().untilAsserted(() -> assertThat(db.outcome(lateRaw)).isEqualTo("ILLEGAL_PAID_AFTER_CLOSE"));
        assertThat(db.status(key)).isEqualTo("CLOSED");
        assertThat(
                db.count("SELECT COUNT(*) FROM refund_task WHERE channel_trade_no = :v AND reason = 'PAID_AFTER_CLOSE'",
                        lateTrade.value()))
            .isOne();
        assertThat(db.count("SELECT COUNT(*) FROM ops_alert WHERE channel_trade_no = :v AND kind = 'PAID_AFTER_CLOSE'",
                lateTrade.value()))
            .isOne();
        assertThat(db.count("SELECT COUNT(*) FROM payment_ledger WHERE channel_trade_no = :v", lateTrade.value()))
            .isZero();
    }

    @Test
    void aCanceledStripePaymentIntentEndsOnlyThatAttemptAndAnotherOnePaysTheOrder() {
        // Given a Stripe order of 12.50 USD
        OrderKey key = newOrderKey();
        Money amount = Money.of(1250, "USD");
        writer.send(Topics.ORDER_CREATED, key.kafkaKey(), orderCreated(key, Channel.STRIPE, amount));
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PENDING"));

        // When one PaymentIntent is canceled
        var canceled = newTradeNo();
        long canceledRaw = storeRaw(jdbc, key, Channel.STRIPE, canceled, "payment_intent.canceled", amount);
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), notified(canceledRaw, Channel.STRIPE, key, canceled,
                PaymentState.CLOSED, "payment_intent.canceled", amount, Money.of(0, "USD")));

        // Then the order stays open
        await().untilAsserted(() -> assertThat(db.outcome(canceledRaw)).isEqualTo("ATTEMPT_ENDED"));
        assertThat(db.status(key)).isEqualTo("PENDING");

        // When another PaymentIntent succeeds
        var succeeded = newTradeNo();
        long succeededRaw = storeRaw(jdbc, key, Channel.STRIPE, succeeded, "payment_intent.succeeded", amount);
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), notified(succeededRaw, Channel.STRIPE, key, succeeded,
                PaymentState.SUCCEEDED, "payment_intent.succeeded", amount, amount));

        // Then it pays the order, with no alert: nothing contradicts
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PAID"));
        assertThat(db.outcome(succeededRaw)).isEqualTo("APPLIED");
        assertThat(db.count("SELECT COUNT(*) FROM ops_alert WHERE out_trade_no = :v", key.outTradeNo().value()))
            .isZero();
    }

    @Test
    void anUnknownChannelStateIsSetAsideWithAnAlert() {
        // Given a pending order
        OrderKey key = newOrderKey();
        givenOrder(key, 100);
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SOMETHING_NEW", 100);

        // When the channel reports a state the product does not know
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(),
                notified(rawId, key, tradeNo, PaymentState.UNKNOWN, "SOMETHING_NEW", 100, 100));

        // Then nothing is applied, the raw row waits for a person and an alert is raised
        await().untilAsserted(() -> assertThat(db.outcome(rawId)).isEqualTo("UNKNOWN_STATE"));
        assertThat(db.handled(rawId)).isEqualTo(2);
        assertThat(db.status(key)).isEqualTo("PENDING");
        assertThat(
                db.count("SELECT COUNT(*) FROM ops_alert WHERE raw_id = " + rawId + " AND kind = :v", "UNKNOWN_STATE"))
            .isOne();
    }

    @Test
    void aStateTheProductDoesNotKnowForATradeThatPaidAlreadyKeepsThePaymentAndAlerts() {
        // Given an order paid by a trade
        OrderKey key = newOrderKey();
        givenOrder(key, 150);
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 150);
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 150, 150));
        await().untilAsserted(() -> assertThat(db.outcome(rawId)).isEqualTo("APPLIED"));

        // When the channel later reports that trade in a state the product does not know
        // (WeChat's REFUND)
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(),
                notified(rawId, key, tradeNo, PaymentState.UNKNOWN, "REFUND", 150, 150));

        // Then a person is alerted, and the payment's row still says it applied
        await().untilAsserted(() -> assertThat(
                db.count("SELECT COUNT(*) FROM ops_alert WHERE raw_id = " + rawId + " AND kind = :v", "UNKNOWN_STATE"))
            .isOne());
        assertThat(db.outcome(rawId)).isEqualTo("APPLIED");
        assertThat(db.handled(rawId)).isEqualTo(1);
        assertThat(db.status(key)).isEqualTo("PAID");
    }

    @Test
    void aPaymentWhoseOrderNeverComesIsGivenUpWithAnAlertAfterTheLastAttempt() {
        // Given a notification for an order that will never exist
        OrderKey key = newOrderKey();
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 300);

        // When it is processed
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 300, 300));

        // Then after the last attempt its raw row is set aside with an UNKNOWN_ORDER
        // alert
        await().atMost(Duration.ofSeconds(60))
            .untilAsserted(() -> assertThat(db.outcome(rawId)).isEqualTo("UNKNOWN_ORDER"));
        assertThat(db.handled(rawId)).isEqualTo(2);
        assertThat(
                db.count("SELECT COUNT(*) FROM ops_alert WHERE raw_id = " + rawId + " AND kind = :v", "UNKNOWN_ORDER"))
            .isOne();
    }

    @Test
    void aDifferentOrderAmountIsAMismatchAndPaysNothing() {
        // Given an order of 10.00
        OrderKey key = newOrderKey();
        givenOrder(key, 1000);
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 1);

        // When the channel reports 0.01 for it
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 1, 1));

        // Then the order stays pending and the raw row waits for a person
        await().untilAsserted(() -> assertThat(db.handled(rawId)).isEqualTo(2));
        assertThat(db.lastError(rawId)).contains("order amount 1 != 1000");
        assertThat(db.outcome(rawId)).isEqualTo("MISMATCH");
        assertThat(db.count("SELECT COUNT(*) FROM ops_alert WHERE raw_id = " + rawId + " AND kind = :v", "MISMATCH"))
            .isOne();
        assertThat(db.status(key)).isEqualTo("PENDING");
        assertThat(db.count("SELECT COUNT(*) FROM payment_ledger WHERE channel_trade_no = :v", tradeNo.value()))
            .isZero();
    }

    @Test
    void aPaymentThatArrivesBeforeItsOrderIsRetriedUntilTheOrderExists() {
        // Given a notification for an order the processor has not seen yet
        OrderKey key = newOrderKey();
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 300);
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 300, 300));

        // and it failed at least once for want of its order (the failed attempt is
        // counted on the raw row)
        await().atMost(Duration.ofSeconds(30))
            .untilAsserted(() -> assertThat(jdbc.sql("SELECT attempts FROM pay_notify_raw WHERE id = :id")
                .param("id", rawId)
                .query(Integer.class)
                .single()).isPositive());
        assertThat(db.handled(rawId)).isZero();
        assertThat(db.lastError(rawId)).contains("OrderNotFoundException");

        // When the order arrives
        writer.send(Topics.ORDER_CREATED, key.kafkaKey(), orderCreated(key, 300));

        // Then the retried notification pays it
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PAID"));
        assertThat(db.handled(rawId)).isEqualTo(1);
    }

    @Test
    void aClosedTradeClosesThePendingOrder() {
        // Given a pending order
        OrderKey key = newOrderKey();
        givenOrder(key, 700);
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "CLOSED", 700);

        // When the channel reports the trade closed
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(),
                notified(rawId, key, tradeNo, PaymentState.CLOSED, "CLOSED", 700, 0));

        // Then the order is closed, with an audit row
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("CLOSED"));
        assertThat(db.handled(rawId)).isEqualTo(1);
    }

    private void givenOrder(OrderKey key, long fen) {
        writer.send(Topics.ORDER_CREATED, key.kafkaKey(), orderCreated(key, fen));
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PENDING"));
    }

    private java.util.List<OrderPaid> paidEventsFor(OrderKey key) {
        return paid.values().stream().filter(e -> e.orderKey().equals(key)).toList();
    }

}
