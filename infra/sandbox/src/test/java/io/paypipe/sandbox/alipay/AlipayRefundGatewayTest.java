package io.paypipe.sandbox.alipay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.alipay.api.AlipayApiException;
import com.alipay.api.DefaultAlipayClient;
import com.alipay.api.domain.AlipayTradeFastpayRefundQueryModel;
import com.alipay.api.domain.AlipayTradeRefundModel;
import com.alipay.api.internal.util.AlipaySignature;
import com.alipay.api.request.AlipayTradeFastpayRefundQueryRequest;
import com.alipay.api.request.AlipayTradeRefundRequest;
import com.alipay.api.response.AlipayTradeFastpayRefundQueryResponse;
import com.alipay.api.response.AlipayTradeRefundResponse;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.sandbox.RunningSandbox;
import io.paypipe.sandbox.push.NoticeRecorder;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The sandbox's Alipay gateway called by the official alipay-sdk-java exactly as a
 * merchant calls Alipay: {@code DefaultAlipayClient} with the app's private key from the
 * merchants file the sandbox wrote, verifying every answer with Alipay's public key.
 */
class AlipayRefundGatewayTest extends RunningSandbox {

    private static final String APP = "2021000100000000";

    @Autowired
    AlipayPayments payments;

    @Autowired
    AlipayRefundDesk desk;

    @Test
    void partialRefundsOf20And30Of100AreAnsweredAndNoticedWithTheCumulativeRefundFee() throws Exception {
        // Given a paid trade of 100.00
        AlipayTrade trade = paid(10_000);

        // When 20.00 then, 3 s (compressed) later, 30.00 are refunded
        AlipayTradeRefundResponse first = client().execute(refund(trade, "RF-A1", "20.00"));
        AlipayTradeRefundResponse second = await().atMost(Duration.ofSeconds(5))
            .until(() -> client().execute(refund(trade, "RF-A2", "30.00")), r -> "10000".equals(r.getCode()));

        // Then the SDK verified both answers; each moved money, and refund_fee is the
        // trade's cumulative refunded amount
        assertThat(first.getCode()).isEqualTo("10000");
        assertThat(first.getFundChange()).isEqualTo("Y");
        assertThat(first.getRefundFee()).isEqualTo("20.00");
        assertThat(first.getSendBackFee()).isEqualTo("20.00");
        assertThat(first.getTradeNo()).isEqualTo(trade.tradeNo());
        assertThat(first.getGmtRefundPay()).isNotNull();
        assertThat(second.getFundChange()).isEqualTo("Y");
        assertThat(second.getRefundFee()).isEqualTo("50.00");
        // And each refund's notice, signed as Alipay signs, says the cumulative amount
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            assertThat(refundNotice("RF-A1")).containsEntry("refund_fee", "20.00")
                .containsEntry("trade_status", "TRADE_SUCCESS")
                .containsKey("gmt_refund");
            assertThat(refundNotice("RF-A2")).containsEntry("refund_fee", "50.00");
        });
        assertThat(AlipaySignature.rsaCheckV1(new HashMap<>(refundNotice("RF-A2")),
                alipayEntry().alipay().alipayPublicKey(), "utf-8", "RSA2"))
            .isTrue();
    }

    @Test
    void theSameOutRequestNoTwiceRefundsOnceAndAnswersTheExistingRefund() throws Exception {
        // Given a refund of 20.00 of a 100.00 trade
        AlipayTrade trade = paid(10_000);
        client().execute(refund(trade, "RF-B1", "20.00"));

        // When the same out_request_no comes again
        AlipayTradeRefundResponse again = client().execute(refund(trade, "RF-B1", "20.00"));

        // Then Alipay answers the refund it has, with no money moved this time
        assertThat(again.getCode()).isEqualTo("10000");
        assertThat(again.getFundChange()).isEqualTo("N");
        assertThat(again.getRefundFee()).isEqualTo("20.00");
        assertThat(payments.trades().get(trade.tradeNo()).refunds()).singleElement()
            .satisfies(r -> assertThat(r.amountFen()).isEqualTo(2_000));
        // And the same number with another amount is refused as discordant
        assertThat(client().execute(refund(trade, "RF-B1", "25.00")).getSubCode())
            .isEqualTo("ACQ.DISCORDANT_REPEAT_REQUEST");
    }

    @Test
    void moreThanTheTradesRestIsRefusedWithASignedBusinessFailure() throws Exception {
        // Given a 100.00 trade with 80.00 refunded
        AlipayTrade trade = paid(10_000);
        client().execute(refund(trade, "RF-C1", "80.00"));

        // When 30.00 more is asked for
        AlipayTradeRefundResponse over = await().atMost(Duration.ofSeconds(5))
            .until(() -> client().execute(refund(trade, "RF-C2", "30.00")),
                    r -> !"ACQ.SYSTEM_ERROR".equals(r.getSubCode()));

        // Then Alipay's error code, signed (the SDK verified it), and nothing refunded
        assertThat(over.getCode()).isEqualTo("40004");
        assertThat(over.getSubCode()).isEqualTo("ACQ.REASON_TRADE_REFUND_FEE_ERR");
        assertThat(over.getBody()).contains("\"sign\":\"");
        assertThat(payments.trades().get(trade.tradeNo()).refundedFen()).isEqualTo(8_000);
    }

    @Test
    void aSecondRefundOfOneTradeWithinTheIntervalIsASystemErrorToRetry() throws Exception {
        // Given a trade just refunded once
        AlipayTrade trade = paid(10_000);
        client().execute(refund(trade, "RF-D1", "10.00"));

        // When another refund follows at once, then again after the interval
        AlipayTradeRefundResponse tooSoon = client().execute(refund(trade, "RF-D2", "10.00"));
        AlipayTradeRefundResponse later = await().atMost(Duration.ofSeconds(5))
            .until(() -> client().execute(refund(trade, "RF-D2", "10.00")), r -> "10000".equals(r.getCode()));

        // Then the first was ACQ.SYSTEM_ERROR without a refund, the retry refunded
        assertThat(tooSoon.getSubCode()).isEqualTo("ACQ.SYSTEM_ERROR");
        assertThat(later.getRefundFee()).isEqualTo("20.00");
    }

    @Test
    void insufficientBalanceRefusesAndTheSameNumberSucceedsLater() throws Exception {
        // Given a trade whose next refund meets an empty balance
        AlipayTrade trade = paid(5_000);
        payments.trades().nextRefunds(trade.tradeNo(), List.of(AlipayRefundScenario.INSUFFICIENT_BALANCE));

        // When it is refunded, then the same number is sent again
        AlipayTradeRefundResponse refused = client().execute(refund(trade, "RF-E1", "50.00"));
        AlipayTradeFastpayRefundQueryResponse queried = client().execute(query(trade, "RF-E1"));
        AlipayTradeRefundResponse again = client().execute(refund(trade, "RF-E1", "50.00"));

        // Then the refusal is Alipay's, nothing was refunded, and the later one went
        // through
        assertThat(refused.getCode()).isEqualTo("40004");
        assertThat(refused.getSubCode()).isEqualTo("ACQ.SELLER_BALANCE_NOT_ENOUGH");
        assertThat(queried.getCode()).isEqualTo("10000");
        assertThat(queried.getOutRequestNo()).isNull();
        assertThat(queried.getRefundStatus()).isNull();
        assertThat(again.getFundChange()).isEqualTo("Y");
        assertThat(again.getRefundFee()).isEqualTo("50.00");
    }

    @Test
    void anAcceptedRefundSucceedsLaterAndTheQueryThenSaysRefundSuccess() throws Exception {
        // Given a trade whose next refund is taken without moving money yet
        AlipayTrade trade = paid(3_000);
        payments.trades().nextRefunds(trade.tradeNo(), List.of(AlipayRefundScenario.ACCEPTED_THEN_SUCCESS));

        // When it is refunded and queried at once
        AlipayTradeRefundResponse accepted = client().execute(refund(trade, "RF-F1", "30.00"));
        AlipayTradeFastpayRefundQueryResponse processing = client().execute(query(trade, "RF-F1"));

        // Then fund_change N and no refund_status yet; later REFUND_SUCCESS, and the
        // notice
        assertThat(accepted.getCode()).isEqualTo("10000");
        assertThat(accepted.getFundChange()).isEqualTo("N");
        assertThat(processing.getOutRequestNo()).isEqualTo("RF-F1");
        assertThat(processing.getRefundAmount()).isEqualTo("30.00");
        assertThat(processing.getRefundStatus()).isNull();
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            AlipayTradeFastpayRefundQueryResponse done = client().execute(query(trade, "RF-F1"));
            assertThat(done.getRefundStatus()).isEqualTo("REFUND_SUCCESS");
            assertThat(done.getGmtRefundPay()).isNotNull();
            assertThat(refundNotice("RF-F1")).containsEntry("refund_fee", "30.00")
                .containsEntry("trade_status", "TRADE_CLOSED");
        });
    }

    @Test
    void aLostAnswerTimesTheCallerOutThoughTheRefundWasMade() throws Exception {
        // Given a trade whose next refund's answer is lost
        AlipayTrade trade = paid(4_000);
        payments.trades().nextRefunds(trade.tradeNo(), List.of(AlipayRefundScenario.ANSWER_LOST));
        DefaultAlipayClient impatient = client();
        impatient.setReadTimeout(1_000);

        // When it is refunded
        assertThatThrownBy(() -> impatient.execute(refund(trade, "RF-G1", "40.00")))
            .isInstanceOf(AlipayApiException.class);

        // Then the refund was made: the query finds it succeeded, the same number again
        // is
        // answered from it
        await().atMost(Duration.ofSeconds(5))
            .untilAsserted(() -> assertThat(client().execute(query(trade, "RF-G1")).getRefundStatus())
                .isEqualTo("REFUND_SUCCESS"));
        assertThat(client().execute(refund(trade, "RF-G1", "40.00")).getFundChange()).isEqualTo("N");
        assertThat(payments.trades().get(trade.tradeNo()).refunds()).hasSize(1);
    }

    @Test
    void aRefundMadeInTheConsoleIsNoticedWithoutOutBizNo() {
        // Given a paid trade of 60.00
        AlipayTrade trade = paid(6_000);

        // When the merchant refunds 10.00 in Alipay's console
        AlipayNotification notice = desk.consoleRefund(trade.tradeNo(), 1_000);

        // Then its notice names the trade and the cumulative refund, and no refund number
        assertThat(notice.params()).doesNotContainKey("out_biz_no")
            .containsEntry("trade_no", trade.tradeNo())
            .containsEntry("refund_fee", "10.00")
            .containsKey("gmt_refund");
        await().atMost(Duration.ofSeconds(5))
            .untilAsserted(() -> assertThat(notices("/notify/alipay", notice.notifyId())).isNotEmpty());
        assertThat(payments.trades().get(trade.tradeNo()).refunds()).singleElement()
            .satisfies(r -> assertThat(r.fromConsole()).isTrue());
    }

    @Test
    void aRequestSignedWithAnotherKeyIsRefusedAndAnAnswerUnderAnotherAlipayKeyIsRejectedByTheSdk() throws Exception {
        // Given a paid trade
        AlipayTrade trade = paid(1_000);
        Merchant.AlipayCredentials mine = alipayEntry().alipay();
        String strangerKey = AlipayCrypto.privateKeyBase64(AlipayCrypto.generateRsaKeyPair().getPrivate());
        String strangerPublic = AlipayCrypto.publicKeyBase64(AlipayCrypto.generateRsaKeyPair().getPublic());

        // When the app's request is signed by a stranger, or the answer checked with
        // another Alipay key
        AlipayTradeRefundResponse forged = new DefaultAlipayClient(gatewayUrl(), APP, strangerKey, "json", "UTF-8",
                mine.alipayPublicKey(), "RSA2")
            .execute(refund(trade, "RF-H1", "1.00"));
        DefaultAlipayClient suspicious = new DefaultAlipayClient(gatewayUrl(), APP, mine.appPrivateKey(), "json",
                "UTF-8", strangerPublic, "RSA2");

        // Then the gateway refuses the forged request, refunding nothing, and the SDK
        // refuses an answer it cannot verify
        assertThat(forged.getCode()).isEqualTo("40002");
        assertThat(forged.getSubCode()).isEqualTo("isv.invalid-signature");
        assertThatThrownBy(() -> suspicious.execute(query(trade, "RF-H1"))).isInstanceOf(AlipayApiException.class);
        assertThat(payments.trades().get(trade.tradeNo()).refunds()).isEmpty();
    }

    @Test
    void aTradeThatWasNeverPaidIsNotFound() throws Exception {
        AlipayTradeRefundRequest request = new AlipayTradeRefundRequest();
        AlipayTradeRefundModel model = new AlipayTradeRefundModel();
        model.setOutTradeNo("NEVER-PAID-" + UUID.randomUUID());
        model.setOutRequestNo("RF-X");
        model.setRefundAmount("1.00");
        request.setBizModel(model);

        AlipayTradeRefundResponse answer = client().execute(request);

        assertThat(answer.getSubCode()).isEqualTo("ACQ.TRADE_NOT_EXIST");
    }

    private AlipayTrade paid(long totalFen) {
        return payments.pay(APP, "ORDER-" + UUID.randomUUID(), totalFen, null, 1).trade();
    }

    private DefaultAlipayClient client() {
        Merchant.AlipayCredentials c = alipayEntry().alipay();
        return new DefaultAlipayClient(gatewayUrl(), c.appId(), c.appPrivateKey(), "json", "UTF-8", c.alipayPublicKey(),
                "RSA2");
    }

    private String gatewayUrl() {
        return baseUrl() + "/sandbox/alipay/gateway.do";
    }

    private static Merchant alipayEntry() {
        return merchantEntry(APP);
    }

    private static AlipayTradeRefundRequest refund(AlipayTrade trade, String outRequestNo, String yuan) {
        AlipayTradeRefundModel model = new AlipayTradeRefundModel();
        model.setTradeNo(trade.tradeNo());
        model.setOutTradeNo(trade.outTradeNo());
        model.setOutRequestNo(outRequestNo);
        model.setRefundAmount(yuan);
        model.setRefundReason("测试退款");
        AlipayTradeRefundRequest request = new AlipayTradeRefundRequest();
        request.setBizModel(model);
        return request;
    }

    private static AlipayTradeFastpayRefundQueryRequest query(AlipayTrade trade, String outRequestNo) {
        AlipayTradeFastpayRefundQueryModel model = new AlipayTradeFastpayRefundQueryModel();
        model.setTradeNo(trade.tradeNo());
        model.setOutRequestNo(outRequestNo);
        model.setQueryOptions(List.of("gmt_refund_pay"));
        AlipayTradeFastpayRefundQueryRequest request = new AlipayTradeFastpayRefundQueryRequest();
        request.setBizModel(model);
        return request;
    }

    /** The refund notice for {@code outBizNo}, decoded. */
    private static Map<String, String> refundNotice(String outBizNo) {
        List<NoticeRecorder.Notice> found = notices("/notify/alipay", "out_biz_no=" + outBizNo);
        assertThat(found).isNotEmpty();
        Map<String, String> params = new HashMap<>();
        for (String pair : found.getFirst().body().split("&")) {
            String[] kv = pair.split("=", 2);
            params.put(URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
                    URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
        }
        return params;
    }

}
