package io.paypipe.refund.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.core.event.RefundTaskCreated.Reason;
import io.paypipe.core.id.Channel;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topics;
import io.paypipe.refund.support.PaidOrders.Paid;
import io.paypipe.refund.support.RefundIntegrationBase;
import io.paypipe.support.testing.ConsumerGroups;
import io.paypipe.support.testing.TopicReader;
import io.paypipe.support.testing.TopicWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.Test;

/**
 * Automatic refunds from {@code refund.task} (issue test 5): a task becomes exactly one
 * refund of its trade however often it is delivered, retried or replayed from its
 * dead-letter topic; the order's own payment and status are untouched. A task whose
 * refund the channel refuses ends FAILED with one REFUND_TASK_FAILED, however often it
 * comes again.
 */
class RefundTaskIntegrationTest extends RefundIntegrationBase {

    @Test
    void givenADoublePaymentAndAPaidAfterCloseTask_whenEachIsDeliveredThreeTimesAndReplayedFromItsDlt_thenEachIsOneRefund() {
        Paid paid = orders.paid(wechat(0), Channel.WECHATPAY, 3_000);
        RefundTaskCreated doublePayment = orders.doublePayment(paid, 3_000, Reason.DOUBLE_PAYMENT);
        Paid cancelled = orders.paid(wechat(0), Channel.WECHATPAY, 1_500);
        jdbc.sql("UPDATE orders SET status = 'CLOSED', closed_by = 'ORDER_CANCELLED', channel_trade_no = NULL,"
                + " paid_amount_minor = NULL WHERE id = :id")
            .param("id", cancelled.id().value())
            .update();
        RefundTaskCreated paidAfterClose = orders.doublePayment(cancelled, 1_500, Reason.PAID_AFTER_CLOSE);

        try (var topics = new TopicWriter(bootstrapServers())) {
            for (RefundTaskCreated task : List.of(doublePayment, paidAfterClose)) {
                byte[] bytes = Json.MAPPER.writeValueAsBytes(task);
                for (int i = 0; i < 3; i++) {
                    topics.sendBytes(Topics.REFUND_TASK.name(), task.orderKey().kafkaKey(), bytes);
                }
                // a dead letter of it, then an operator's replay of that dead letter
                topics.sendBytes(Topics.REFUND_TASK.dlt(), task.orderKey().kafkaKey(), bytes);
                topics.sendBytes(Topics.REFUND_TASK.name(), task.orderKey().kafkaKey(), bytes, Map.of());
            }
        }

        for (var c : List.of(Map.entry(paid, doublePayment), Map.entry(cancelled, paidAfterClose))) {
            String refundNo = TaskRefunds.refundNo(c.getValue());
            await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertThat(db.refundStatus(c.getKey().key().merchantId(), refundNo))
                    .isEqualTo("SUCCESS"));
            assertThat(db.refunds(c.getKey().id())).hasSize(1)
                .allSatisfy(r -> assertThat(r).containsEntry("source", "TASK")
                    .containsEntry("amount_minor", c.getValue().amount().minor()));
            assertThat(sandbox.wechatRefundsOf(c.getValue().channelTradeNo())).singleElement()
                .satisfies(r -> assertThat(r.get("outRefundNo").asString()).isEqualTo(refundNo));
            assertThat(sandbox.wechatRefundsOf(c.getKey().tradeNo())).isEmpty();
            assertThat(db.orderTransitions(c.getKey().id())).isEmpty();
            assertThat(db.taskStatus(c.getValue().eventId())).isEqualTo("REFUNDED");
        }
        assertThat(db.orderStatus(paid.id())).isEqualTo("PAID");
        assertThat(db.orderStatus(cancelled.id())).isEqualTo("CLOSED");
        assertThat(TaskRefunds.refundNo(doublePayment)).matches("RT_[0-9a-f]{32}");
    }

    @Test
    void givenATaskTheChannelRefuses_whenItIsSent_thenTheRefundFailsAndRefundTaskFailedIsRaised() {
        Paid paid = orders.paid(wechat(0), Channel.WECHATPAY, 2_000);
        RefundTaskCreated task = orders.doublePayment(paid, 2_000, Reason.DOUBLE_PAYMENT);
        sandbox.chooseWechat(paid.key().merchantId(), TaskRefunds.refundNo(task), "NOT_ENOUGH");

        try (var topics = new TopicWriter(bootstrapServers())) {
            topics.send(Topics.REFUND_TASK, task.orderKey().kafkaKey(), task);
        }

        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(db.alertKinds(paid.key().outTradeNo().value()))
                .containsExactly("REFUND_TASK_FAILED"));
        assertThat(db.refundStatus(paid.key().merchantId(), TaskRefunds.refundNo(task))).isEqualTo("FAIL");
        assertThat(db.taskStatus(task.eventId())).isEqualTo("FAILED");
        assertThat(db.orderStatus(paid.id())).isEqualTo("PAID");
    }

    @Test
    void givenATaskWhoseTradeWasRefundedInTheDashboard_whenItIsDeliveredThreeTimes_thenNoRefundAndOneAlertPublishedOnce() {
        Paid paid = orders.paid(wechat(0), Channel.WECHATPAY, 2_400);
        RefundTaskCreated task = orders.doublePayment(paid, 2_400, Reason.DOUBLE_PAYMENT);
        String outTradeNo = paid.key().outTradeNo().value();
        // the second trade was partly refunded in the merchant's dashboard already: the
        // task's full refund no longer fits what that trade paid
        jdbc.sql("""
                INSERT INTO refund (refund_no, tenant_id, merchant_id, out_trade_no, order_id, channel,
                       channel_trade_no, amount_minor, currency, status, source, created_at, updated_at)
                VALUES (:no, :tenant, :merchant, :outTradeNo, :order, 'wechatpay', :tradeNo, 400, 'CNY', 'SUCCESS',
                        'CHANNEL', NOW(3), NOW(3))
                """)
            .param("no", "DASH-" + outTradeNo)
            .param("tenant", paid.key().tenantId().value())
            .param("merchant", paid.key().merchantId().value())
            .param("outTradeNo", outTradeNo)
            .param("order", paid.id().value())
            .param("tradeNo", task.channelTradeNo().value())
            .update();

        try (var topics = new TopicWriter(bootstrapServers());
                var published = new TopicReader<>(bootstrapServers(), Topics.OPS_ALERT)) {
            List<RecordMetadata> sent = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                sent.add(topics.send(Topics.REFUND_TASK, task.orderKey().kafkaKey(), task));
            }
            await().atMost(Duration.ofSeconds(20))
                .until(() -> ConsumerGroups.consumed(bootstrapServers(), "refund-task", sent.getLast()));
            await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(alertsOf(published, outTradeNo)).isNotEmpty());

            assertThat(db.alertKinds(outTradeNo)).containsExactly("REFUND_TASK_FAILED");
            assertThat(alertsOf(published, outTradeNo)).singleElement()
                .satisfies(a -> assertThat(a.message()).contains("refunded 400"));
        }
        assertThat(db.taskStatus(task.eventId())).isEqualTo("FAILED");
        assertThat(db.refunds(paid.id())).singleElement()
            .satisfies(r -> assertThat(r).containsEntry("source", "CHANNEL"));
        assertThat(sandbox.wechatRefundsOf(task.channelTradeNo())).isEmpty();
    }

    @Test
    void givenATaskWhoseTradeAlipayWillNotRefund_whenItIsDeliveredAgainAndReplayed_thenOneFailedRefundAndOneRefundTaskFailed() {
        Paid paid = orders.paid(alipay(), Channel.ALIPAY, 2_600);
        RefundTaskCreated task = orders.doublePayment(paid, 2_600, Reason.DOUBLE_PAYMENT);
        String refundNo = TaskRefunds.refundNo(task);
        String outTradeNo = paid.key().outTradeNo().value();
        // the merchant's Alipay balance cannot cover the second trade's refund: a
        // definite refusal (ACQ.SELLER_BALANCE_NOT_ENOUGH); any later new refund of that
        // trade would succeed
        sandbox.chooseAlipay(task.channelTradeNo(), "INSUFFICIENT_BALANCE");

        try (var topics = new TopicWriter(bootstrapServers());
                var published = new TopicReader<>(bootstrapServers(), Topics.OPS_ALERT)) {
            topics.send(Topics.REFUND_TASK, task.orderKey().kafkaKey(), task);
            await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertThat(db.alertKinds(outTradeNo)).containsExactly("REFUND_TASK_FAILED"));
            await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertThat(alertsOf(published, outTradeNo)).hasSize(1));

            // the same task again: redelivered twice, then replayed by an operator
            byte[] bytes = Json.MAPPER.writeValueAsBytes(task);
            List<RecordMetadata> again = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                again.add(topics.sendBytes(Topics.REFUND_TASK.name(), task.orderKey().kafkaKey(), bytes));
            }
            await().atMost(Duration.ofSeconds(20))
                .until(() -> ConsumerGroups.consumed(bootstrapServers(), "refund-task", again.getLast()));

            assertThat(db.alertKinds(outTradeNo)).containsExactly("REFUND_TASK_FAILED");
            assertThat(alertsOf(published, outTradeNo)).singleElement().satisfies(a -> {
                assertThat(a.kind()).isEqualTo(Kind.REFUND_TASK_FAILED);
                assertThat(a.channelTradeNo()).isEqualTo(task.channelTradeNo().value());
                assertThat(a.message()).contains(refundNo).contains("ACQ.SELLER_BALANCE_NOT_ENOUGH");
            });
        }
        assertThat(db.refunds(paid.id())).singleElement()
            .satisfies(r -> assertThat(r).containsEntry("refund_no", refundNo)
                .containsEntry("status", "FAIL")
                .containsEntry("source", "TASK")
                .containsEntry("amount_minor", 2_600L));
        assertThat(db.refundTransitions(paid.key().merchantId(), refundNo)).containsExactly("PENDING", "FAIL");
        assertThat(db.taskStatus(task.eventId())).isEqualTo("FAILED");
        assertThat(sandbox.alipayRefundsOf(task.channelTradeNo()).get("refunds").size()).isZero();
        assertThat(sandbox.alipayRefundsOf(task.channelTradeNo()).get("refundedFen").asLong()).isZero();
        assertThat(db.orderStatus(paid.id())).isEqualTo("PAID");
        assertThat(db.orderTransitions(paid.id())).isEmpty();
    }

    @Test
    void givenATaskWhoseRefundTheChannelKeepsProcessing_whenItIsSent_thenTheTaskIsRefundingUntilItsRefundIsFinal() {
        Paid paid = orders.paid(wechat(0), Channel.WECHATPAY, 1_200);
        RefundTaskCreated task = orders.doublePayment(paid, 1_200, Reason.DOUBLE_PAYMENT);
        String refundNo = TaskRefunds.refundNo(task);
        sandbox.chooseWechat(paid.key().merchantId(), refundNo, "STAY_PROCESSING");
        assertThat(db.taskStatus(task.eventId())).isEqualTo("PENDING");

        try (var topics = new TopicWriter(bootstrapServers())) {
            topics.send(Topics.REFUND_TASK, task.orderKey().kafkaKey(), task);
        }

        // the ladder (1.5 s, 2 s, 3 s) ends with the refund still ACCEPTED: an alert, the
        // task still REFUNDING, never REFUNDED nor FAILED
        await().atMost(Duration.ofSeconds(30))
            .untilAsserted(() -> assertThat(db.alertKinds(paid.key().outTradeNo().value()))
                .containsExactly("REFUND_UNRESOLVED"));
        assertThat(db.refundStatus(paid.key().merchantId(), refundNo)).isEqualTo("ACCEPTED");
        assertThat(db.taskStatus(task.eventId())).isEqualTo("REFUNDING");
    }

    /** What refund-service published to {@code ops.alert} about the order. */
    private static List<OpsAlertRaised> alertsOf(TopicReader<OpsAlertRaised> published, String outTradeNo) {
        return published.values().stream().filter(a -> outTradeNo.equals(a.outTradeNo())).toList();
    }

}
