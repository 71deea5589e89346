package io.paypipe.refund.channel.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.money.Money;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.channel.RefundOrder;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * {@link WechatPayRefunds} against the channel sandbox playing WeChat Pay's refund API:
 * the official SDK signs with the merchant's API key from the merchants file the sandbox
 * wrote, verifies the sandbox's answers with the platform keys listed there, and each
 * answer becomes the {@link RefundCall} refund-service acts on.
 */
class WechatPayRefundsIntegrationTest {

    private static final String DIRECT = "1900000100";

    private static final String OTHER_DIRECT = "1900000101";

    private static final String PROVIDER = "1230000109";

    private static final String SUB_MERCHANT = "1900009100";

    private static final Duration CALL_TIMEOUT = Duration.ofMillis(800);

    private final WechatPaySandbox sandbox = WechatPaySandbox.get();

    private final WechatPayRefunds refunds = new WechatPayRefunds(sandbox.baseUrl(), CALL_TIMEOUT, Clock.systemUTC());

    @AfterEach
    void close() {
        refunds.close();
    }

    @Test
    void aRefundOfAPaidTradeIsAcceptedUnderWechatsRefundId() {
        // Given a paid trade of 100.00
        RefundOrder order = paidOrder(DIRECT, 10_000, 3_000);

        // When
        RefundCall answer = refunds.refund(order);

        // Then
        assertThat(answer).isInstanceOfSatisfying(RefundCall.Accepted.class,
                a -> assertThat(a.channelRefundId()).matches("503\\d{26}"));
        assertThat(sandbox.refundsOf(order.channelTradeNo().value())).singleElement()
            .satisfies(r -> assertThat(r.get("refundFen").asLong()).isEqualTo(3_000));
    }

    @Test
    void anAcceptedRefundIsFoundSucceededByTheQuery() {
        // Given an accepted refund
        RefundOrder order = paidOrder(DIRECT, 10_000, 10_000);
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
        RefundOrder order = paidOrder(DIRECT, 10_000, 10_000);
        sandbox.choose(DIRECT, order.refundNo(), "NOT_ENOUGH");

        // When
        RefundCall answer = refunds.refund(order);

        // Then
        assertThat(answer).isInstanceOfSatisfying(RefundCall.Refused.class, r -> {
            assertThat(r.code()).isEqualTo("NOT_ENOUGH");
            assertThat(r.channelRefundId()).isNull();
        });
        assertThat(sandbox.refundsOf(order.channelTradeNo().value())).isEmpty();
    }

    @Test
    void moreThanRemainsRefundableIsADefiniteRefusal() {
        // Given 60.00 of 100.00 refunded
        RefundOrder first = paidOrder(DIRECT, 10_000, 6_000);
        assertThat(refunds.refund(first)).isInstanceOf(RefundCall.Accepted.class);

        // When 50.00 more is asked for
        RefundCall answer = refunds.refund(another(first, 5_000));

        // Then
        assertThat(answer).isInstanceOfSatisfying(RefundCall.Refused.class,
                r -> assertThat(r.code()).isEqualTo("INVALID_REQUEST"));
        assertThat(sandbox.refundsOf(first.channelTradeNo().value())).hasSize(1);
    }

    @Test
    void aRefundClosedAfterItWasAcceptedIsFoundRefusedByTheQuery() {
        // Given
        RefundOrder order = paidOrder(DIRECT, 10_000, 2_000);
        sandbox.choose(DIRECT, order.refundNo(), "CLOSED_LATER");
        String refundId = ((RefundCall.Accepted) refunds.refund(order)).channelRefundId();

        // When, Then
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(refunds.query(order))
                .isEqualTo(new RefundCall.Refused(refundId, "CLOSED", "the refund was closed")));
    }

    @Test
    void anAbnormalRefundIsStillAcceptedAndItsLaterSuccessIsFound() {
        // Given
        RefundOrder order = paidOrder(DIRECT, 10_000, 2_000);
        sandbox.choose(DIRECT, order.refundNo(), "ABNORMAL_THEN_SUCCESS");
        refunds.refund(order);

        // When it is ABNORMAL, Then it is not final
        await().atMost(Duration.ofSeconds(10))
            .until(() -> sandbox.refundsOf(order.channelTradeNo().value()).getFirst().get("status").asString(),
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
        RefundOrder order = paidOrder(DIRECT, 10_000, 2_500);
        sandbox.choose(DIRECT, order.refundNo(), "ANSWER_LOST");

        // When
        long started = System.nanoTime();
        RefundCall answer = refunds.refund(order);
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        // Then nothing is concluded from it, within the timeout
        assertThat(answer).isInstanceOfSatisfying(RefundCall.Unknown.class,
                u -> assertThat(u.why()).contains("no answer"));
        assertThat(took).isLessThan(WechatPaySandbox.LOST_ANSWER_HOLD);
        // and the query finds the one refund WeChat made, succeeded
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(refunds.query(order)).isInstanceOf(RefundCall.Succeeded.class));
        assertThat(sandbox.refundsOf(order.channelTradeNo().value())).hasSize(1);
    }

    @Test
    void theSameRefundNumberTwiceMakesOneRefundAtTheChannel() {
        // Given a refund sent once
        RefundOrder order = paidOrder(DIRECT, 10_000, 4_000);
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
        assertThat(sandbox.refundsOf(order.channelTradeNo().value())).hasSize(1);
    }

    @Test
    void aRefundNumberWechatNeverGotIsNotFound() {
        // Given a paid trade and a refund never sent
        RefundOrder order = paidOrder(DIRECT, 10_000, 1_000);

        // When, Then
        assertThat(refunds.query(order)).isEqualTo(new RefundCall.NotFound());
    }

    @Test
    void aWechatFailureIsUnknownAndTheSameNumberSentAgainIsAccepted() {
        // Given a create call that meets WeChat's SYSTEM_ERROR
        RefundOrder order = paidOrder(DIRECT, 10_000, 1_000);
        sandbox.choose(DIRECT, order.refundNo(), "SYSTEM_ERROR");

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
    void anAnswerNotSignedWithTheMerchantsPlatformKeyIsUnknownEvenARefusal() {
        // Given merchant 1900000100 trusting another merchant's platform key under its
        // own key ids
        RefundOrder order = paidOrder(DIRECT, 10_000, 10_000);
        Merchant.WechatPayCredentials own = order.merchant().wechatpay();
        String otherPem = sandbox.merchant(OTHER_DIRECT).wechatpay().platformKeys().getFirst().publicKeyPem();
        Merchant deceived = withCredentials(order.merchant(),
                new Merchant.WechatPayCredentials(own.apiV3Key(), own.appIds(), own.subAppIds(),
                        own.platformKeys().stream().map(k -> new Merchant.PlatformKey(k.id(), otherPem)).toList(),
                        own.merchantSerialNo(), own.merchantPrivateKeyPem()));
        RefundOrder refused = another(order, 10_000);
        sandbox.choose(DIRECT, refused.refundNo(), "NOT_ENOUGH");

        // When it refunds twice: one the channel takes, one it refuses
        RefundCall taken = refunds.refund(withMerchant(order, deceived));
        RefundCall notEnough = refunds.refund(withMerchant(refused, deceived));

        // Then neither answer is believed: not even the refusal may fail a refund
        assertThat(taken).isEqualTo(new RefundCall.Unknown("an answer not signed by WeChat Pay"));
        assertThat(notEnough).isEqualTo(new RefundCall.Unknown("an answer not signed by WeChat Pay"));
    }

    @Test
    void answersSignedUnderTheCertificateSerialVerifyToo() {
        // Given the merchant's platform keys with the certificate serial first: the SDK
        // asks for answers signed under it
        RefundOrder order = paidOrder(DIRECT, 10_000, 1_500);
        Merchant.WechatPayCredentials own = order.merchant().wechatpay();
        assertThat(own.platformKeys()).hasSize(2);
        Merchant switching = withCredentials(order.merchant(),
                new Merchant.WechatPayCredentials(own.apiV3Key(), own.appIds(), own.subAppIds(),
                        List.of(own.platformKeys().get(1), own.platformKeys().get(0)), own.merchantSerialNo(),
                        own.merchantPrivateKeyPem()));

        // When, Then
        assertThat(refunds.refund(withMerchant(order, switching))).isInstanceOf(RefundCall.Accepted.class);
    }

    @Test
    void aServiceProviderRefundsForItsSubMerchant() {
        // Given a sub-merchant's paid trade, refunded by its service provider's keys
        RefundOrder order = paidOrder(SUB_MERCHANT, 8_800, 800);
        assertThat(order.merchant().merchantId()).isEqualTo(PROVIDER);

        // When
        RefundCall answer = refunds.refund(order);

        // Then
        assertThat(answer).isInstanceOf(RefundCall.Accepted.class);
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(refunds.query(order)).isInstanceOf(RefundCall.Succeeded.class));
    }

    @Test
    void aMerchantWithoutOutboundCredentialsIsUnknownAndNothingIsSent() {
        // Given a merchant entry that only receives notifications
        RefundOrder order = paidOrder(DIRECT, 10_000, 1_000);
        Merchant.WechatPayCredentials own = order.merchant().wechatpay();
        Merchant receiveOnly = withCredentials(order.merchant(),
                new Merchant.WechatPayCredentials(own.apiV3Key(), own.appIds(), own.subAppIds(), own.platformKeys()));

        // When
        RefundCall answer = refunds.refund(withMerchant(order, receiveOnly));

        // Then
        assertThat(answer).isInstanceOf(RefundCall.Unknown.class);
        assertThat(sandbox.refundsOf(order.channelTradeNo().value())).isEmpty();
    }

    @Test
    void theLogNamesRefundsAndOutcomesButNoKeySignatureOrPayerAccount() {
        // Given every line refund-service logs
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.start();
        root.addAppender(lines);
        RefundOrder order = paidOrder(DIRECT, 10_000, 1_000);
        try {
            // When a refund is made and queried
            refunds.refund(order);
            refunds.query(order);
        }
        finally {
            root.detachAppender(lines);
        }

        // Then
        List<String> logged = new ArrayList<>();
        lines.list.forEach(e -> logged.add(e.getFormattedMessage()));
        assertThat(logged).anySatisfy(line -> assertThat(line).contains(order.refundNo()).contains("accepted"));
        String privateKey = order.merchant().wechatpay().merchantPrivateKeyPem().lines().skip(1).findFirst().get();
        assertThat(String.join("\n", logged)).doesNotContain(privateKey, "signature=", "PRIVATE KEY", "支付用户零钱");
    }

    private RefundOrder paidOrder(String merchantId, long totalFen, long refundFen) {
        String outTradeNo = "ORDER-" + unique();
        String transactionId = sandbox.pay(merchantId, outTradeNo, totalFen);
        Merchant merchant = merchantId.equals(SUB_MERCHANT) ? sandbox.merchant(PROVIDER) : sandbox.merchant(merchantId);
        OrderKey key = new OrderKey(TenantId.of(merchant.tenant()), MerchantId.of(merchantId),
                OutTradeNo.of(outTradeNo));
        return new RefundOrder(merchant, key, ChannelTradeNo.of(transactionId), "RF-" + unique(),
                Money.of(refundFen, "CNY"), Money.of(totalFen, "CNY"), "customer returned the goods", null);
    }

    private static RefundOrder another(RefundOrder order, long refundFen) {
        return new RefundOrder(order.merchant(), order.orderKey(), order.channelTradeNo(), "RF-" + unique(),
                Money.of(refundFen, "CNY"), order.paymentTotal(), order.reason(), null);
    }

    private static RefundOrder withMerchant(RefundOrder order, Merchant merchant) {
        return new RefundOrder(merchant, order.orderKey(), order.channelTradeNo(), order.refundNo(), order.amount(),
                order.paymentTotal(), order.reason(), order.channelRefundId());
    }

    private static Merchant withCredentials(Merchant merchant, Merchant.WechatPayCredentials credentials) {
        return new Merchant(merchant.tenant(), merchant.channel(), merchant.merchantId(), merchant.subMerchantIds(),
                credentials, null, null);
    }

    private static String unique() {
        return UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

}
