package io.paypipe.refund.send;

import static io.paypipe.refund.support.RefundApi.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.core.event.RefundTaskCreated.Reason;
import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.Topics;
import io.paypipe.refund.order.Payment;
import io.paypipe.refund.order.Payments;
import io.paypipe.refund.support.PaidOrders.Paid;
import io.paypipe.refund.support.RefundApi.Answer;
import io.paypipe.refund.support.RefundIntegrationBase;
import io.paypipe.support.testing.TopicWriter;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Refunds of WeChat trades the merchant's coupon paid part of, sent through the real path
 * to the sandbox: WeChat's refund {@code amount.total} must be the trade's total (the
 * order amount, the coupon included; the sandbox, like WeChat, answers any other total
 * with PARAM_ERROR, so a refund that succeeds was sent the trade's total), while what can
 * be refunded stays what the payer paid.
 */
class CouponRefundIntegrationTest extends RefundIntegrationBase {

    @Autowired
    private Payments payments;

    @Test
    void givenAnOrderOf100ThePayerPaid90OfWithACoupon_whenRefundedInFull_thenWechatRefunds90AndTheOrderIsRefunded() {
        // Given an order of 100.00 whose payer paid 90.00 (the merchant's coupon 10.00)
        Paid order = orders.paidWithCoupon(wechat(0), 10_000, 9_000);
        String merchant = order.key().merchantId().value();
        String outTradeNo = order.key().outTradeNo().value();

        // When more than the payer paid is asked, then all the payer paid
        Answer over = api.post(request(merchant, outTradeNo, 9_001, null));
        Answer refund = api.post(request(merchant, outTradeNo, 9_000, null));

        // Then only what the payer paid can be refunded
        assertThat(over.status()).isEqualTo(409);
        assertThat(over.body().path("refundable").asLong()).isEqualTo(9_000);
        // and WeChat, which takes no total but the trade's, refunds it
        assertThat(refund.status()).isEqualTo(201);
        String refundNo = refund.text("refund_no");
        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(db.refundStatus(order.key().merchantId(), refundNo)).isEqualTo("SUCCESS"));
        assertThat(sandbox.wechatRefundsOf(order.tradeNo())).singleElement().satisfies(r -> {
            assertThat(r.get("outRefundNo").asString()).isEqualTo(refundNo);
            assertThat(r.get("refundFen").asLong()).isEqualTo(9_000);
        });
        assertThat(db.refundTransitions(order.key().merchantId(), refundNo)).doesNotContain("FAIL");
        assertThat(db.orderStatus(order.id())).isEqualTo("REFUNDED");
        // the payment whose total the sender sent
        assertThat(payments.ofTrade(order.key().merchantId(), Channel.WECHATPAY, order.tradeNo()))
            .hasValueSatisfying(p -> {
                assertThat(p.tradeTotal()).isEqualTo(Money.of(10_000, "CNY"));
                assertThat(p.paid()).isEqualTo(Money.of(9_000, "CNY"));
            });
    }

    @Test
    void givenADoublePaymentPaidWithACoupon_whenItsTaskIsDelivered_thenWechatRefundsWhatThePayerPaidOfThatTrade() {
        // Given an order of 50.00, paid, then paid again by a second trade whose payer
        // paid 45.00 of it (the merchant's coupon 5.00)
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 5_000);
        RefundTaskCreated task = orders.doublePaymentWithCoupon(order, 4_500, Reason.DOUBLE_PAYMENT);

        // When
        try (var topics = new TopicWriter(bootstrapServers())) {
            topics.send(Topics.REFUND_TASK, task.orderKey().kafkaKey(), task);
        }

        // Then the second trade is refunded what its payer paid, and the task is done
        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(db.taskStatus(task.eventId())).isEqualTo("REFUNDED"));
        assertThat(db.refunds(order.id())).singleElement()
            .satisfies(r -> assertThat(r).containsEntry("source", "TASK")
                .containsEntry("status", "SUCCESS")
                .containsEntry("amount_minor", 4_500L));
        assertThat(sandbox.wechatRefundsOf(task.channelTradeNo())).singleElement()
            .satisfies(r -> assertThat(r.get("refundFen").asLong()).isEqualTo(4_500));
        assertThat(sandbox.wechatRefundsOf(order.tradeNo())).isEmpty();
        assertThat(db.alertKinds(order.key().outTradeNo().value())).isEmpty();
        // the task's payment: its trade's total the order's amount, what it paid the
        // task's
        Optional<Payment> taskPayment = payments.task(order.id(), Channel.WECHATPAY, task.channelTradeNo());
        assertThat(taskPayment).hasValueSatisfying(p -> {
            assertThat(p.tradeTotal()).isEqualTo(Money.of(5_000, "CNY"));
            assertThat(p.paid()).isEqualTo(Money.of(4_500, "CNY"));
            assertThat(p.isTask()).isTrue();
        });
        assertThat(payments.ofTrade(order.key().merchantId(), Channel.WECHATPAY, task.channelTradeNo()))
            .isEqualTo(taskPayment);
    }

}
