package io.paypipe.refund.channel.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.id.MerchantId;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.channel.RefundOrder;
import io.paypipe.refund.support.ChannelSandbox;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link WechatPayRefunds} against the channel sandbox playing WeChat Pay's refund API:
 * the official SDK signs with the merchant's API key from the merchants file the sandbox
 * wrote and verifies the sandbox's answers, and each answer becomes the
 * {@link RefundCall} refund-service acts on.
 */
class WechatPayRefundsIntegrationTest {

    private static final String DIRECT = "1900000100";

    private static final String PROVIDER = "1230000109";

    private static final String SUB_MERCHANT = "1900009100";

    private static final Duration CALL_TIMEOUT = Duration.ofMillis(800);

    private final ChannelSandbox sandbox = ChannelSandbox.get();

    private final WechatPayRefunds refunds = new WechatPayRefunds(sandbox.wechatpayBaseUrl(), CALL_TIMEOUT,
            Clock.systemUTC());

    @AfterEach
    void close() {
        refunds.close();
    }

    @Test
    void aRefundOfAPaidTradeIsAcceptedUnderWechatsRefundId() {
        // Given a paid trade of 100.00
        RefundOrder order = RefundOrders.paid(sandbox, DIRECT, 10_000, 3_000);

        // When
        RefundCall answer = refunds.refund(order);

        // Then
        assertThat(answer).isInstanceOfSatisfying(RefundCall.Accepted.class,
                a -> assertThat(a.channelRefundId()).matches("503\\d{26}"));
        assertThat(sandbox.wechatRefundsOf(order.channelTradeNo())).singleElement()
            .satisfies(r -> assertThat(r.get("refundFen").asLong()).isEqualTo(3_000));
    }

    @Test
    void anAcceptedRefundIsFoundSucceededByTheQuery() {
        // Given an accepted refund
        RefundOrder order = RefundOrders.paid(sandbox, DIRECT, 10_000, 10_000);
        String refundId = ((RefundCall.Accepted) refunds.refund(order)).channelRefundId();
        Instant before = Instant.now().minusSeconds(5);

        // When WeChat has paid it back, Then the query says so, with the same id and the
        // time it succeeded
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(
                    () -> assertThat(refunds.query(order)).isInstanceOfSatisfying(RefundCall.Succeeded.class, s -> {
                        assertThat(s.channelRefundId()).isEqualTo(refundId);
                        assertThat(s.succeededAt()).isAfter(before).isBeforeOrEqualTo(Instant.now());
                    }));
    }

    @Test
    void anInsufficientBalanceIsADefiniteRefusal() {
        // Given
        RefundOrder order = RefundOrders.paid(sandbox, DIRECT, 10_000, 10_000);
        sandbox.chooseWechat(MerchantId.of(DIRECT), order.refundNo(), "NOT_ENOUGH");

        // When
        RefundCall answer = refunds.refund(order);

        // Then
        assertThat(answer).isInstanceOfSatisfying(RefundCall.Refused.class, r -> {
            assertThat(r.code()).isEqualTo("NOT_ENOUGH");
            assertThat(r.channelRefundId()).isNull();
        });
        assertThat(sandbox.wechatRefundsOf(order.channelTradeNo())).isEmpty();
    }

    @Test
    void moreThanRemainsRefundableIsADefiniteRefusal() {
        // Given 60.00 of 100.00 refunded
        RefundOrder first = RefundOrders.paid(sandbox, DIRECT, 10_000, 6_000);
        assertThat(refunds.refund(first)).isInstanceOf(RefundCall.Accepted.class);

        // When 50.00 more is asked for
        RefundCall answer = refunds.refund(RefundOrders.another(first, 5_000));

        // Then
        assertThat(answer).isInstanceOfSatisfying(RefundCall.Refused.class,
                r -> assertThat(r.code()).isEqualTo("INVALID_REQUEST"));
        assertThat(sandbox.wechatRefundsOf(first.channelTradeNo())).hasSize(1);
    }

    @Test
    void aRefundClosedAfterItWasAcceptedIsFoundRefusedByTheQuery() {
        // Given
        RefundOrder order = RefundOrders.paid(sandbox, DIRECT, 10_000, 2_000);
        sandbox.chooseWechat(MerchantId.of(DIRECT), order.refundNo(), "CLOSED_LATER");
        String refundId = ((RefundCall.Accepted) refunds.refund(order)).channelRefundId();

        // When, Then
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(refunds.query(order))
                .isEqualTo(new RefundCall.Refused(refundId, "CLOSED", "the refund was closed")));
    }

    @Test
    void anAbnormalRefundIsStillAcceptedAndItsLaterSuccessIsFound() {
        // Given
        RefundOrder order = RefundOrders.paid(sandbox, DIRECT, 10_000, 2_000);
        sandbox.chooseWechat(MerchantId.of(DIRECT), order.refundNo(), "ABNORMAL_THEN_SUCCESS");
        refunds.refund(order);

        // When it is ABNORMAL, Then it is not final
        await().atMost(Duration.ofSeconds(10))
            .until(() -> sandbox.wechatRefundsOf(order.channelTradeNo()).getFirst().get("status").asString(),
                    status -> !status.equals("PROCESSING"));
        RefundCall meanwhile = refunds.query(order);
        assertThat(meanwhile).isInstanceOfAny(RefundCall.Accepted.class, RefundCall.Succeeded.class);
        // and its SUCCESS comes later
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(refunds.query(order)).isInstanceOf(RefundCall.Succeeded.class));
    }

    @Test
    void aLostAnswerIsUnknownAndTheQueryFindsTheRefundSucceeded() {
        // Given a refund WeChat makes but whose answer does not come within the call
        // timeout
        RefundOrder order = RefundOrders.paid(sandbox, DIRECT, 10_000, 2_500);
        sandbox.chooseWechat(MerchantId.of(DIRECT), order.refundNo(), "ANSWER_LOST");

        // When
        long started = System.nanoTime();
        RefundCall answer = refunds.refund(order);
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        // Then nothing is concluded from it, within the timeout
        assertThat(answer).isInstanceOfSatisfying(RefundCall.Unknown.class,
                u -> assertThat(u.why()).contains("no answer"));
        assertThat(took).isLessThan(ChannelSandbox.WECHATPAY_LOST_ANSWER_HOLD);
        // and the query finds the one refund WeChat made, succeeded
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(refunds.query(order)).isInstanceOf(RefundCall.Succeeded.class));
        assertThat(sandbox.wechatRefundsOf(order.channelTradeNo())).hasSize(1);
    }

    @Test
    void theSameRefundNumberTwiceMakesOneRefundAtTheChannel() {
        // Given a refund sent once
        RefundOrder order = RefundOrders.paid(sandbox, DIRECT, 10_000, 4_000);
        RefundCall.Accepted first = (RefundCall.Accepted) refunds.refund(order);

        // When it is sent again with the same number, at once and after it succeeded
        RefundCall again = refunds.refund(order);
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(refunds.query(order)).isInstanceOf(RefundCall.Succeeded.class));
        RefundCall afterSuccess = refunds.refund(order);

        // Then every answer is the one refund
        assertThat(again).isEqualTo(first);
        assertThat(afterSuccess).isInstanceOfSatisfying(RefundCall.Succeeded.class,
                s -> assertThat(s.channelRefundId()).isEqualTo(first.channelRefundId()));
        assertThat(sandbox.wechatRefundsOf(order.channelTradeNo())).hasSize(1);
    }

    @Test
    void aRefundNumberWechatNeverGotIsNotFound() {
        // Given a paid trade and a refund never sent
        RefundOrder order = RefundOrders.paid(sandbox, DIRECT, 10_000, 1_000);

        // When, Then
        assertThat(refunds.query(order)).isEqualTo(new RefundCall.NotFound());
    }

    @Test
    void aWechatFailureIsUnknownAndTheSameNumberSentAgainIsAccepted() {
        // Given a create call that meets WeChat's SYSTEM_ERROR
        RefundOrder order = RefundOrders.paid(sandbox, DIRECT, 10_000, 1_000);
        sandbox.chooseWechat(MerchantId.of(DIRECT), order.refundNo(), "SYSTEM_ERROR");

        // When
        RefundCall failed = refunds.refund(order);
        RefundCall queried = refunds.query(order);
        RefundCall again = refunds.refund(order);

        // Then
        assertThat(failed).isEqualTo(new RefundCall.Unknown("HTTP 500 SYSTEM_ERROR"));
        assertThat(queried).isEqualTo(new RefundCall.NotFound());
        assertThat(again).isInstanceOf(RefundCall.Accepted.class);
    }

    @Test
    void aServiceProviderRefundsForItsSubMerchant() {
        // Given a sub-merchant's paid trade, refunded by its service provider's keys
        RefundOrder order = RefundOrders.paid(sandbox, SUB_MERCHANT, 8_800, 800);
        assertThat(order.merchant().merchantId()).isEqualTo(PROVIDER);

        // When
        RefundCall answer = refunds.refund(order);

        // Then
        assertThat(answer).isInstanceOf(RefundCall.Accepted.class);
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(refunds.query(order)).isInstanceOf(RefundCall.Succeeded.class));
    }

}
