package io.paypipe.refund.query;

import static io.paypipe.refund.support.RefundApi.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.OrderRefunded;
import io.paypipe.core.id.Channel;
import io.paypipe.core.topic.Topics;
import io.paypipe.refund.support.PaidOrders.Paid;
import io.paypipe.refund.support.RefundApi.Answer;
import io.paypipe.refund.support.RefundIntegrationBase;
import io.paypipe.support.testing.TopicReader;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Pull for refunds: the query ladder ({@code refund.query-delays} compressed to 1.5s, 2s,
 * 3s) finds what the refund API's answer did not say, on the sandbox's WeChat Pay refund
 * API.
 */
class RefundQueryIntegrationTest extends RefundIntegrationBase {

    @Test
    void givenTheChannelsAnswerTimesOutThoughTheRefundWasMade_whenQueried_thenOneRefundSucceeds() {
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 2_000);
        String merchant = order.key().merchantId().value();
        String refundNo = "T3-" + UUID.randomUUID();
        sandbox.chooseWechat(order.key().merchantId(), refundNo, "ANSWER_LOST");

        Answer answer = api.post(request(merchant, order.key().outTradeNo().value(), 800, refundNo));

        assertThat(answer.status()).isEqualTo(201);
        assertThat(answer.text("status")).isEqualTo("PENDING");
        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(db.refundStatus(order.key().merchantId(), refundNo)).isEqualTo("SUCCESS"));
        assertThat(db.refunds(order.id())).hasSize(1);
        assertThat(sandbox.wechatRefundsOf(order.tradeNo())).singleElement()
            .satisfies(r -> assertThat(r.get("outRefundNo").asString()).isEqualTo(refundNo));
        assertThat(db.refundTransitions(order.key().merchantId(), refundNo)).containsExactly("PENDING", "SUCCESS");
        assertThat(db.orderStatus(order.id())).isEqualTo("PARTIALLY_REFUNDED");
        try (var refunded = new TopicReader<>(bootstrapServers(), Topics.ORDER_REFUNDED)) {
            await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(refunded.values().stream().filter(e -> e.refundNo().equals(refundNo)))
                    .isNotEmpty()
                    .extracting(OrderRefunded::eventId)
                    .containsOnly(OrderRefunded.idFor(order.key(), refundNo)));
            OrderRefunded event = refunded.values()
                .stream()
                .filter(e -> e.refundNo().equals(refundNo))
                .findFirst()
                .get();
            assertThat(event.refundAmount().minor()).isEqualTo(800);
            assertThat(event.refundedTotal().minor()).isEqualTo(800);
        }
    }

    @Test
    void givenARefundTheChannelNeverGot_whenTheQueryFindsNothing_thenItIsSentAgainWithTheSameNumber() {
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 2_000);
        String merchant = order.key().merchantId().value();
        String refundNo = "TQ-" + UUID.randomUUID();
        sandbox.chooseWechat(order.key().merchantId(), refundNo, "SYSTEM_ERROR");

        Answer answer = api.post(request(merchant, order.key().outTradeNo().value(), 2_000, refundNo));

        assertThat(answer.text("status")).isEqualTo("PENDING");
        assertThat(sandbox.wechatRefundsOf(order.tradeNo())).isEmpty();
        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(db.refundStatus(order.key().merchantId(), refundNo)).isEqualTo("SUCCESS"));
        assertThat(sandbox.wechatRefundsOf(order.tradeNo())).singleElement()
            .satisfies(r -> assertThat(r.get("outRefundNo").asString()).isEqualTo(refundNo));
        assertThat(db.refunds(order.id())).hasSize(1);
        assertThat(db.orderStatus(order.id())).isEqualTo("REFUNDED");
    }

    @Test
    void givenARefundThatStaysAccepted_whenTheLadderEnds_thenRefundUnresolvedIsRaisedAndNothingElseMoves() {
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 2_000);
        String merchant = order.key().merchantId().value();
        String refundNo = "TU-" + UUID.randomUUID();
        sandbox.chooseWechat(order.key().merchantId(), refundNo, "STAY_PROCESSING");

        Answer answer = api.post(request(merchant, order.key().outTradeNo().value(), 500, refundNo));

        assertThat(answer.text("status")).isEqualTo("ACCEPTED");
        await().atMost(Duration.ofSeconds(30))
            .untilAsserted(() -> assertThat(db.alertKinds(order.key().outTradeNo().value()))
                .containsExactly("REFUND_UNRESOLVED"));
        assertThat(db.refundStatus(order.key().merchantId(), refundNo)).isEqualTo("ACCEPTED");
        assertThat(db.orderStatus(order.id())).isEqualTo("REFUNDING");
    }

}
