package io.paypipe.refund.notify;

import static io.paypipe.refund.support.RefundApi.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.OrderRefunded;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.event.RefundState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.topic.Topics;
import io.paypipe.refund.support.Notices;
import io.paypipe.refund.support.PaidOrders;
import io.paypipe.refund.support.PaidOrders.Paid;
import io.paypipe.refund.support.RefundIntegrationBase;
import io.paypipe.support.testing.TopicReader;
import io.paypipe.support.testing.TopicWriter;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Refund notifications from {@code refund.notify} (issue tests 6 and 8): a refund moves
 * once however often its notice comes, ABNORMAL is not final, refunds made outside the
 * product are recorded against their payment or raised, and Alipay's cumulative amounts
 * are never taken for one refund's.
 */
class RefundNotifyIntegrationTest extends RefundIntegrationBase {

    private TopicWriter topics;

    private Notices notices;

    @BeforeEach
    void notices() {
        topics = new TopicWriter(bootstrapServers());
        notices = new Notices(jdbc, topics);
    }

    @AfterEach
    void close() {
        topics.close();
    }

    @Test
    void givenASuccessNoticeDuplicated100Times_whenConsumed_thenTheRefundChangesOnceAndOneEventIdIsPublished() {
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 1_000);
        String refundNo = accepted(order, 400);
        RefundNotified success = notices.store(order, order.tradeNo(), refundNo, "5030000001", RefundState.SUCCEEDED,
                "SUCCESS", 400L, null);

        for (int i = 0; i < 100; i++) {
            notices.publish(success);
        }

        await().atMost(Duration.ofSeconds(30))
            .untilAsserted(() -> assertThat(db.rawHandled(success.rawId())).isEqualTo(1));
        assertThat(db.refundTransitions(order.key().merchantId(), refundNo)).containsExactly("PENDING", "ACCEPTED",
                "SUCCESS");
        assertThat(db.orderTransitions(order.id())).containsExactly("REFUND_STARTED:PAID->REFUNDING",
                "REFUNDS_SETTLED_PARTLY:REFUNDING->PARTIALLY_REFUNDED");
        try (var refunded = new TopicReader<>(bootstrapServers(), Topics.ORDER_REFUNDED)) {
            await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertThat(refunded.values().stream().filter(e -> e.refundNo().equals(refundNo)))
                    .hasSizeGreaterThanOrEqualTo(100)
                    .extracting(OrderRefunded::eventId)
                    .containsOnly(OrderRefunded.idFor(order.key(), refundNo)));
        }
    }

    @Test
    void givenAbnormalThenSuccess_whenConsumed_thenAnAlertFirstAndTheSuccessApplied() {
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 1_000);
        String refundNo = accepted(order, 1_000);
        RefundNotified abnormal = notices.store(order, order.tradeNo(), refundNo, "5030000002", RefundState.ABNORMAL,
                "ABNORMAL", 1_000L, null);
        RefundNotified success = notices.store(order, order.tradeNo(), refundNo, "5030000002", RefundState.SUCCEEDED,
                "SUCCESS", 1_000L, null);

        notices.publish(abnormal);
        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(db.rawHandled(abnormal.rawId())).isEqualTo(2));
        assertThat(db.refundStatus(order.key().merchantId(), refundNo)).isEqualTo("ACCEPTED");
        assertThat(db.alertKinds(order.key().outTradeNo().value())).containsExactly("REFUND_ABNORMAL");
        notices.publish(success);

        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(db.refundStatus(order.key().merchantId(), refundNo)).isEqualTo("SUCCESS"));
        assertThat(db.rawHandled(success.rawId())).isEqualTo(1);
        assertThat(db.orderStatus(order.id())).isEqualTo("REFUNDED");
    }

    @Test
    void givenAlipayPartialRefundsOf2000Then3000Of10000_whenTheirCumulativeNoticesArrive_thenRefunded5000Not7000() {
        Paid order = orders.paid(alipay(), Channel.ALIPAY, 10_000);
        sandbox.chooseAlipay(order.tradeNo(), "ACCEPTED_THEN_SUCCESS", "ACCEPTED_THEN_SUCCESS");
        String first = accepted(order, 2_000);
        String second = accepted(order, 3_000);

        // Alipay says the trade's cumulative refund_fee, never one refund's amount
        notices.publish(notices.store(order, order.tradeNo(), first, null, RefundState.SUCCEEDED, "TRADE_SUCCESS", null,
                2_000L));
        notices.publish(notices.store(order, order.tradeNo(), second, null, RefundState.SUCCEEDED, "TRADE_SUCCESS",
                null, 5_000L));

        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(db.sumOf(order.id(), "SUCCESS")).isEqualTo(5_000));
        assertThat(db.refunds(order.id())).hasSize(2);
        await().untilAsserted(() -> assertThat(db.orderStatus(order.id())).isEqualTo("PARTIALLY_REFUNDED"));
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(sandbox.alipayRefundsOf(order.tradeNo()).get("refundedFen").asLong())
                .isEqualTo(5_000));

        // then one made in Alipay's dashboard (no out_biz_no): what the cumulative amount
        // adds
        RefundNotified dashboard = notices.store(order, order.tradeNo(), null, null, RefundState.SUCCEEDED,
                "TRADE_SUCCESS", null, 6_000L);
        notices.publish(dashboard);
        notices.publish(dashboard);

        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(db.sumOf(order.id(), "SUCCESS")).isEqualTo(6_000));
        assertThat(db.refunds(order.id())).hasSize(3).last().satisfies(r -> {
            assertThat(r).containsEntry("source", "CHANNEL").containsEntry("amount_minor", 1_000L);
            // Alipay names a refund by its request number only: so does the one it made
            assertThat(r.get("channel_refund_id")).isEqualTo(r.get("refund_no"));
        });
    }

    @Test
    void givenARefundMadeInTheDashboard_whenItsNoticeArrives_thenItIsRecordedAgainstItsPaymentAndMovesTheOrder() {
        Paid order = orders.paid(wechat(1), Channel.WECHATPAY, 1_000);
        var made = sandbox.wechatDashboardRefund(order.key().merchantId(), order.tradeNo(), 300);
        String refundId = made.get("refundId").asString();
        RefundNotified dashboard = notices.store(order, order.tradeNo(), null, refundId, RefundState.SUCCEEDED,
                "SUCCESS", 300L, null);

        notices.publish(dashboard);

        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(db.orderStatus(order.id())).isEqualTo("PARTIALLY_REFUNDED"));
        assertThat(db.refunds(order.id())).singleElement().satisfies(r -> {
            assertThat(r).containsEntry("source", "CHANNEL")
                .containsEntry("status", "SUCCESS")
                .containsEntry("amount_minor", 300L)
                .containsEntry("refund_no", "CH_" + refundId)
                .containsEntry("channel_refund_id", refundId);
        });
        assertThat(db.orderTransitions(order.id())).containsExactly("REFUNDS_SETTLED_PARTLY:PAID->PARTIALLY_REFUNDED");
        assertThat(db.rawHandled(dashboard.rawId())).isEqualTo(1);
    }

    @Test
    void givenARefundNoticeOfATradeNobodyPaid_whenItArrives_thenRefundUnmatchedIsRaisedAndTheRowSetAside() {
        Paid order = orders.paid(wechat(1), Channel.WECHATPAY, 1_000);
        RefundNotified stranger = notices.store(order, PaidOrders.newTradeNo(), null, "5030000000000000000000000010",
                RefundState.SUCCEEDED, "SUCCESS", 300L, null);

        notices.publish(stranger);

        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(db.rawHandled(stranger.rawId())).isEqualTo(2));
        assertThat(db.alertKinds(order.key().outTradeNo().value())).containsExactly("REFUND_UNMATCHED");
        assertThat(db.refunds(order.id())).isEmpty();
        assertThat(db.orderStatus(order.id())).isEqualTo("PAID");
    }

    @Test
    void givenARefundStoredFail_whenTheChannelReportsItSucceeded_thenRefundConflictIsRaisedAndNothingMoves() {
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 1_000);
        String refundNo = "TC-" + UUID.randomUUID();
        sandbox.chooseWechat(order.key().merchantId(), refundNo, "NOT_ENOUGH");
        assertThat(api.post(request(order.key().merchantId().value(), order.key().outTradeNo().value(), 500, refundNo))
            .text("status")).isEqualTo("FAIL");
        RefundNotified success = notices.store(order, order.tradeNo(), refundNo, null, RefundState.SUCCEEDED, "SUCCESS",
                500L, null);

        notices.publish(success);

        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(db.rawHandled(success.rawId())).isEqualTo(2));
        assertThat(db.alertKinds(order.key().outTradeNo().value())).containsExactly("REFUND_CONFLICT");
        assertThat(db.refundStatus(order.key().merchantId(), refundNo)).isEqualTo("FAIL");
        assertThat(db.orderStatus(order.id())).isEqualTo("PAID");
    }

    /**
     * A refund through the API that the channel accepts without paying it out yet
     * (WeChat: PROCESSING for good; Alipay: fund_change N, as chosen for its trade).
     */
    private String accepted(Paid order, long amount) {
        String refundNo = "TN-" + UUID.randomUUID();
        if (order.channel() == Channel.WECHATPAY) {
            sandbox.chooseWechat(order.key().merchantId(), refundNo, "STAY_PROCESSING");
        }
        var answer = api
            .post(request(order.key().merchantId().value(), order.key().outTradeNo().value(), amount, refundNo));
        assertThat(answer.text("status")).isEqualTo("ACCEPTED");
        return refundNo;
    }

}
