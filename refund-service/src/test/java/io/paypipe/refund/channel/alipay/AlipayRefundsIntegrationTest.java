package io.paypipe.refund.channel.alipay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.money.Money;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.channel.RefundOrder;
import io.paypipe.refund.support.ChannelSandbox;
import io.paypipe.sandbox.alipay.AlipayRefundScenario;
import io.paypipe.sandbox.alipay.AlipayTrade;
import io.paypipe.sandbox.push.NoticeRecorder;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.Security;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * {@link AlipayRefunds} against the sandbox's Alipay gateway, through the official SDK,
 * with the credentials of the merchants file the sandbox wrote.
 */
class AlipayRefundsIntegrationTest {

    private static final String APP = "2021000100000000";

    private static final ChannelSandbox SANDBOX = ChannelSandbox.get();

    private final AlipayRefunds refunds = new AlipayRefunds(SANDBOX.alipayGatewayUrl(), Duration.ofSeconds(3),
            Duration.ofSeconds(2), Clock.systemUTC());

    @Test
    void partialRefundsOf20Then30Of100LeaveTheTradeRefunded50NotMore() {
        // Given a paid Alipay trade of 100.00
        AlipayTrade trade = paid(10_000);

        // When 20.00 is refunded, then 30.00 (sent again with its own number for as long
        // as Alipay answers it too soon after the first: real Alipay wants 3 s between
        // refunds of one trade, the tests' sandbox none)
        RefundCall first = refunds.refund(order(trade, "RF-" + UUID.randomUUID(), 2_000));
        RefundOrder second = order(trade, "RF-" + UUID.randomUUID(), 3_000);
        RefundCall secondCall = await().atMost(Duration.ofSeconds(10))
            .until(() -> refunds.refund(second), call -> !(call instanceof RefundCall.Unknown));

        // Then both succeeded, and Alipay's cumulative refund_fee says 20.00 then 50.00
        assertThat(first).isInstanceOf(RefundCall.Succeeded.class);
        assertThat(secondCall).isInstanceOf(RefundCall.Succeeded.class);
        assertThat(SANDBOX.alipay().trades().get(trade.tradeNo()).refundedFen()).isEqualTo(5_000);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(refundFee(((RefundCall.Succeeded) first).channelRefundId())).isEqualTo("20.00");
            assertThat(refundFee(second.refundNo())).isEqualTo("50.00");
        });
    }

    @Test
    void anAcceptedRefundIsAcceptedThenTheQueryFindsItSucceeded() {
        // Given a trade whose next refund is taken with fund_change N
        AlipayTrade trade = paid(2_000);
        SANDBOX.alipay().trades().nextRefunds(trade.tradeNo(), List.of(AlipayRefundScenario.ACCEPTED_THEN_SUCCESS));
        RefundOrder order = order(trade, "RF-" + UUID.randomUUID(), 2_000);

        // When it is refunded and queried
        RefundCall call = refunds.refund(order);
        RefundCall early = refunds.query(order);

        // Then Accepted with our number as Alipay's refund key, and later Succeeded
        assertThat(call).isEqualTo(new RefundCall.Accepted(order.refundNo()));
        assertThat(early).isEqualTo(new RefundCall.Accepted(order.refundNo()));
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(refunds.query(order)).isInstanceOfSatisfying(RefundCall.Succeeded.class,
                    s -> assertThat(s.channelRefundId()).isEqualTo(order.refundNo())));
    }

    @Test
    void insufficientBalanceIsADefiniteRefusalAndTheQueryThenFindsNothing() {
        // Given a trade whose merchant balance cannot cover the refund
        AlipayTrade trade = paid(5_000);
        SANDBOX.alipay().trades().nextRefunds(trade.tradeNo(), List.of(AlipayRefundScenario.INSUFFICIENT_BALANCE));
        RefundOrder order = order(trade, "RF-" + UUID.randomUUID(), 5_000);

        // When it is refunded
        RefundCall call = refunds.refund(order);

        // Then Refused with Alipay's code, and nothing was refunded
        assertThat(call).isInstanceOfSatisfying(RefundCall.Refused.class,
                r -> assertThat(r.code()).isEqualTo("ACQ.SELLER_BALANCE_NOT_ENOUGH"));
        assertThat(refunds.query(order)).isInstanceOf(RefundCall.NotFound.class);
        assertThat(SANDBOX.alipay().trades().get(trade.tradeNo()).refunds()).isEmpty();
    }

    @Test
    void moreThanTheTradeHasLeftIsRefused() {
        AlipayTrade trade = paid(1_000);

        RefundCall call = refunds.refund(order(trade, "RF-" + UUID.randomUUID(), 1_001));

        assertThat(call).isInstanceOfSatisfying(RefundCall.Refused.class,
                r -> assertThat(r.code()).isEqualTo("ACQ.REASON_TRADE_REFUND_FEE_ERR"));
    }

    @Test
    void aTimedOutAnswerIsUnknownAndTheQueryFindsTheRefundSucceeded() {
        // Given a trade whose next refund's answer is lost
        AlipayTrade trade = paid(3_000);
        SANDBOX.alipay().trades().nextRefunds(trade.tradeNo(), List.of(AlipayRefundScenario.ANSWER_LOST));
        RefundOrder order = order(trade, "RF-" + UUID.randomUUID(), 3_000);

        // When it is refunded: the answer times out
        RefundCall call = refunds.refund(order);

        // Then Unknown, never Refused; the query finds it succeeded, one refund
        assertThat(call).isInstanceOf(RefundCall.Unknown.class);
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(refunds.query(order)).isInstanceOf(RefundCall.Succeeded.class));
        assertThat(SANDBOX.alipay().trades().get(trade.tradeNo()).refunds()).hasSize(1);
    }

    @Test
    void theSameRefundNumberTwiceEvenConcurrentlyIsOneRefund() {
        // Given a paid trade
        AlipayTrade trade = paid(4_000);
        RefundOrder order = order(trade, "RF-" + UUID.randomUUID(), 1_500);

        // When the same refund is sent twice at once, then once more
        CompletableFuture<RefundCall> a = CompletableFuture.supplyAsync(() -> refunds.refund(order));
        CompletableFuture<RefundCall> b = CompletableFuture.supplyAsync(() -> refunds.refund(order));
        List<RefundCall> calls = List.of(a.join(), b.join(), refunds.refund(order));

        // Then one refund of 15.00; the repeats answer it (no money moved: Accepted,
        // which
        // the query settles as Succeeded)
        assertThat(calls).filteredOn(RefundCall.Succeeded.class::isInstance).hasSize(1);
        assertThat(calls).filteredOn(RefundCall.Accepted.class::isInstance).hasSize(2);
        assertThat(SANDBOX.alipay().trades().get(trade.tradeNo()).refundedFen()).isEqualTo(1_500);
        assertThat(refunds.query(order)).isInstanceOf(RefundCall.Succeeded.class);
    }

    @Test
    void aRefundThatNeverArrivedIsNotFoundAndTheSameNumberThenRefundsOnce() {
        // Given a trade whose gateway is unavailable for the next refund
        AlipayTrade trade = paid(2_500);
        SANDBOX.alipay().trades().nextRefunds(trade.tradeNo(), List.of(AlipayRefundScenario.UNAVAILABLE));
        RefundOrder order = order(trade, "RF-" + UUID.randomUUID(), 2_500);

        // When it is refunded (a 503), queried, and sent again with the same number
        RefundCall call = refunds.refund(order);
        RefundCall queried = refunds.query(order);
        RefundCall again = refunds.refund(order);

        // Then Unknown, NotFound, and the one refund
        assertThat(call).isInstanceOf(RefundCall.Unknown.class);
        assertThat(queried).isInstanceOf(RefundCall.NotFound.class);
        assertThat(again).isInstanceOf(RefundCall.Succeeded.class);
        assertThat(SANDBOX.alipay().trades().get(trade.tradeNo()).refunds()).hasSize(1);
    }

    @Test
    void anAnswerThatDoesNotVerifyUnderAlipaysKeyIsUnknownNeverSucceededOrRefused() {
        // Given the app's entry with another Alipay public key (a forged answer)
        AlipayTrade trade = paid(1_200);
        Merchant real = SANDBOX.merchant(APP);
        Merchant.AlipayCredentials c = real.alipay();
        String otherKey = SANDBOX.merchant("2021000100000001").alipay().alipayPublicKey();
        Merchant forged = new Merchant(real.tenant(), real.channel(), real.merchantId(), real.subMerchantIds(), null,
                new Merchant.AlipayCredentials(c.appId(), c.sellerId(), c.authAppSellerIds(), otherKey,
                        c.appPrivateKey()),
                null);
        RefundOrder order = withMerchant(order(trade, "RF-" + UUID.randomUUID(), 1_200), forged);

        // When refunded and queried
        RefundCall call = refunds.refund(order);
        RefundCall queried = refunds.query(order);

        // Then nothing can be concluded from either answer
        assertThat(call).isInstanceOf(RefundCall.Unknown.class);
        assertThat(queried).isInstanceOf(RefundCall.Unknown.class);
    }

    @Test
    void aMerchantWithoutAnAppPrivateKeyIsUnknownWithoutACall() {
        AlipayTrade trade = paid(100);
        Merchant real = SANDBOX.merchant(APP);
        Merchant.AlipayCredentials c = real.alipay();
        Merchant receiveOnly = new Merchant(real.tenant(), real.channel(), real.merchantId(), real.subMerchantIds(),
                null,
                new Merchant.AlipayCredentials(c.appId(), c.sellerId(), c.authAppSellerIds(), c.alipayPublicKey()),
                null);

        RefundCall call = refunds.refund(withMerchant(order(trade, "RF-" + UUID.randomUUID(), 100), receiveOnly));

        assertThat(call).isInstanceOf(RefundCall.Unknown.class);
        assertThat(SANDBOX.alipay().trades().get(trade.tradeNo()).refunds()).isEmpty();
    }

    @Test
    void logsNameTheRefundAndItsOutcomeNeverASignatureAKeyOrTheAnswer() {
        // Given a log capture, and a refund refused, one whose answer is lost, and a
        // query
        AlipayTrade trade = paid(6_000);
        SANDBOX.alipay()
            .trades()
            .nextRefunds(trade.tradeNo(),
                    List.of(AlipayRefundScenario.INSUFFICIENT_BALANCE, AlipayRefundScenario.ANSWER_LOST));
        RefundOrder order = order(trade, "RF-" + UUID.randomUUID(), 6_000);
        ListAppender<ILoggingEvent> logs = new ListAppender<>();
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        logs.start();
        root.addAppender(logs);
        try {
            // When they are made
            refunds.refund(order);
            refunds.refund(order);
            refunds.query(order);
        }
        finally {
            root.detachAppender(logs);
        }

        // Then each call left one line naming the refund and its outcome, and nothing of
        // the
        // signed request, the keys or Alipay's answer (the SDK's own logger is off)
        Merchant.AlipayCredentials c = SANDBOX.merchant(APP).alipay();
        List<String> lines = logs.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
        assertThat(lines).filteredOn(l -> l.contains(order.refundNo())).hasSize(3);
        assertThat(lines).noneSatisfy(l -> assertThat(l).containsAnyOf("sign", "biz_content", "buyer", "2088",
                c.appPrivateKey().substring(40, 80), c.alipayPublicKey().substring(40, 80)));
        assertThat(logs.list).noneSatisfy(e -> assertThat(e.getLoggerName()).startsWith("sdk."));
    }

    @Test
    void loadingTheSdkLeavesTheJvmsDisabledCertificateAlgorithmsAsTheyWere() {
        assertThat(refunds.channel()).isEqualTo(Channel.ALIPAY);

        assertThat(Security.getProperty(AlipayRefunds.CERTPATH_DISABLED)).contains("MD2").contains("MD5");
    }

    private static AlipayTrade paid(long totalFen) {
        return SANDBOX.alipay().pay(APP, "ORDER-" + UUID.randomUUID(), totalFen, null, 1).trade();
    }

    private static RefundOrder order(AlipayTrade trade, String refundNo, long fen) {
        Merchant merchant = SANDBOX.merchant(APP);
        OrderKey key = new OrderKey(TenantId.of(merchant.tenant()), MerchantId.of(APP),
                OutTradeNo.of(trade.outTradeNo()));
        return new RefundOrder(merchant, key, ChannelTradeNo.of(trade.tradeNo()), refundNo, Money.of(fen, "CNY"),
                Money.of(trade.totalFen(), "CNY"), "customer returned the goods", null);
    }

    private static RefundOrder withMerchant(RefundOrder o, Merchant merchant) {
        return new RefundOrder(merchant, o.orderKey(), o.channelTradeNo(), o.refundNo(), o.amount(), o.tradeTotal(),
                o.reason(), o.channelRefundId());
    }

    /** The refund_fee of the refund notice for {@code outBizNo}. */
    private static String refundFee(String outBizNo) {
        List<NoticeRecorder.Notice> notices = SANDBOX.notices("/notify/alipay", "out_biz_no=" + outBizNo);
        assertThat(notices).isNotEmpty();
        for (String pair : notices.getFirst().body().split("&")) {
            if (pair.startsWith("refund_fee=")) {
                return URLDecoder.decode(pair.substring(11), StandardCharsets.UTF_8);
            }
        }
        throw new AssertionError("no refund_fee");
    }

}
