package io.paypipe.ingress.alipay;

import static io.paypipe.ingress.alipay.AlipayFixtures.APP_A;
import static io.paypipe.ingress.alipay.AlipayFixtures.AT_NOW;
import static io.paypipe.ingress.alipay.AlipayFixtures.ISV;
import static io.paypipe.ingress.alipay.AlipayFixtures.NOW;
import static io.paypipe.ingress.alipay.AlipayFixtures.verified;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.PaymentState;
import io.paypipe.core.event.RefundState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.money.Money;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.ingress.intake.Classified;
import io.paypipe.ingress.intake.VerifiedPayment;
import io.paypipe.sandbox.alipay.AlipayNotification;
import io.paypipe.sandbox.alipay.AlipayTrade;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AlipayClassifierTest {

    private final AlipayClassifier classifier = new AlipayClassifier();

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({ "TRADE_SUCCESS, SUCCEEDED", "TRADE_FINISHED, SUCCEEDED", "TRADE_CLOSED, CLOSED",
            "TRADE_PENDING, UNKNOWN" })
    void finalTradeStatusesAreStoredWithTheirState(String tradeStatus, PaymentState expected) {
        // Given a validly signed notification of that status
        AlipayNotification n = AT_NOW.tradeStatusSync(trade("ORDER-8001", 10_010).withStatus(tradeStatus));

        // When / Then
        VerifiedPayment v = payment(n);
        assertThat(v.state()).isEqualTo(expected);
        assertThat(v.channelState()).isEqualTo(tradeStatus);
        assertThat(v.channel()).isEqualTo(Channel.ALIPAY);
        assertThat(v.orderKey().kafkaKey()).isEqualTo("ali-shop|2021000100000000|ORDER-8001");
        assertThat(v.channelTradeNo().value()).isEqualTo(n.param("trade_no"));
        assertThat(v.notifyId()).isEqualTo(n.notifyId());
        assertThat(v.rawBody()).isEqualTo(n.bodyAsString());
        assertThat(v.spMerchantId()).isNull();
    }

    @Test
    void aPaymentBooksTheReceiptAmountAndThePaymentTimeInBeijingTime() {
        AlipayNotification n = AT_NOW.tradeStatusSync(trade("ORDER-8002", 10_010).withReceiptFen(10_000));

        VerifiedPayment v = payment(n);

        assertThat(v.orderAmount()).isEqualTo(Money.of(10_010, "CNY"));
        assertThat(v.paidAmount()).isEqualTo(Money.of(10_000, "CNY"));
        assertThat(n.param("gmt_payment")).isEqualTo("2025-06-08 10:34:56");
        assertThat(v.paidAt()).isEqualTo(NOW);
    }

    @Test
    void paidAmountFallsBackToBuyerPayAmountThenToTheTotal() {
        AlipayTrade trade = trade("ORDER-8003", 500);

        assertThat(payment(AT_NOW.tradeStatusSync(trade, overrides("receipt_amount", null, "buyer_pay_amount", "4.00")))
            .paidAmount()).isEqualTo(Money.of(400, "CNY"));
        assertThat(payment(AT_NOW.tradeStatusSync(trade, overrides("receipt_amount", null, "buyer_pay_amount", null)))
            .paidAmount()).isEqualTo(Money.of(500, "CNY"));
    }

    @Test
    void aClosedTradeReceivedNothing() {
        VerifiedPayment v = payment(AT_NOW.tradeStatusSync(trade("ORDER-8004", 500).withStatus("TRADE_CLOSED")));

        assertThat(v.paidAmount()).isEqualTo(Money.of(0, "CNY"));
        assertThat(v.paidAt()).isNull();
    }

    @ParameterizedTest(name = "total_amount={0} is {1} fen")
    @CsvSource({ "0.01, 1", "100, 10000", "100.10, 10010", "100.1, 10010", "0.00, 0" })
    void amountsAreParsedExactly(String yuan, long fen) {
        VerifiedPayment v = payment(AT_NOW.tradeStatusSync(trade("ORDER-8005", 1),
                overrides("total_amount", yuan, "receipt_amount", yuan)));

        assertThat(v.orderAmount()).isEqualTo(Money.of(fen, "CNY"));
        assertThat(v.paidAmount()).isEqualTo(Money.of(fen, "CNY"));
    }

    @ParameterizedTest(name = "total_amount=''{0}''")
    @ValueSource(strings = { "1e2", "-1", "0.001", "+1", "1,000.00", "1.", ".5", "0x10", "１００", "  " })
    void inexactOrMissingTotalAmountsAreRejected(String yuan) {
        Check<Classified> checked = classify(
                AT_NOW.tradeStatusSync(trade("ORDER-8006", 100), overrides("total_amount", yuan)));

        assertThat(checked).isInstanceOfSatisfying(Check.Rejected.class, r -> {
            assertThat(r.rejection()).isEqualTo(Rejection.MALFORMED);
            assertThat(r.detail()).startsWith("total_amount").doesNotContain(yuan.trim().isEmpty() ? "\u0000" : yuan);
        });
    }

    @ParameterizedTest(name = "receipt_amount=''{0}''")
    @ValueSource(strings = { "1e2", "-1", "0.001" })
    void inexactReceiptAmountsAreRejectedNotRounded(String yuan) {
        assertThat(classify(AT_NOW.tradeStatusSync(trade("ORDER-8007", 100), overrides("receipt_amount", yuan))))
            .isInstanceOfSatisfying(Check.Rejected.class, r -> assertThat(r.detail()).startsWith("receipt_amount"));
    }

    @Test
    void waitBuyerPayIsIntermediate() {
        AlipayNotification n = AT_NOW.tradeStatusSync(trade("ORDER-8008", 100).withStatus("WAIT_BUYER_PAY"));

        assertThat(classify(n)).isInstanceOfSatisfying(Check.Ok.class,
                ok -> assertThat(ok.value()).isInstanceOfSatisfying(Classified.Intermediate.class, i -> {
                    assertThat(i.notice().state()).isEqualTo("WAIT_BUYER_PAY");
                    assertThat(i.notice().merchantId()).isEqualTo(MerchantId.of("2021000100000000"));
                    assertThat(i.notice().outTradeNo()).isEqualTo("ORDER-8008");
                    assertThat(i.notice().notifyId()).isEqualTo(n.notifyId());
                }));
    }

    @Test
    void aNotificationWithOutBizNoAndGmtRefundIsARefundWhoseRefundFeeIsTheRefundedTotal() {
        // Given 30.00 of 50.00 refunded so far, by our refund request REFUND-8009-2
        AlipayNotification n = AT_NOW.refund(trade("ORDER-8009", 5_000), "REFUND-8009-2", 3_000);

        // When / Then: refund_fee is cumulative, so it is the refunded total, and this
        // refund's own amount is not said
        assertThat(classify(n)).isInstanceOfSatisfying(Check.Ok.class,
                ok -> assertThat(ok.value()).isInstanceOfSatisfying(Classified.Refund.class, r -> {
                    assertThat(r.refund().refundNo()).isEqualTo("REFUND-8009-2");
                    assertThat(r.refund().refundKey().value()).isEqualTo("REFUND-8009-2");
                    assertThat(r.refund().state()).isEqualTo(RefundState.SUCCEEDED);
                    assertThat(r.refund().refundAmount()).isNull();
                    assertThat(r.refund().refundedTotal()).isEqualTo(Money.of(3_000, "CNY"));
                    assertThat(r.refund().succeededAt()).isEqualTo(NOW);
                    assertThat(r.refund().channelTradeNo().value()).isEqualTo(n.param("trade_no"));
                    assertThat(r.refund().orderKey().kafkaKey()).isEqualTo("ali-shop|2021000100000000|ORDER-8009");
                    assertThat(r.refund().channelState()).isEqualTo("TRADE_SUCCESS");
                }));
    }

    @Test
    void aRefundNoticeWithoutOutBizNoNamesNoRefundAndIsKnownByItsTradeAndRefundedTotal() {
        // Given a refund made in the merchant console: gmt_refund and refund_fee, no
        // out_biz_no
        AlipayNotification n = AT_NOW.tradeStatusSync(trade("ORDER-8011", 5_000),
                overrides("refund_fee", "20.00", "gmt_refund", "2025-06-08 10:34:56.320"));

        // When / Then
        assertThat(classify(n)).isInstanceOfSatisfying(Check.Ok.class,
                ok -> assertThat(ok.value()).isInstanceOfSatisfying(Classified.Refund.class, r -> {
                    assertThat(r.refund().refundNo()).isNull();
                    assertThat(r.refund().refundKey().value()).isEqualTo("trade:" + n.param("trade_no") + ":2000");
                    assertThat(r.refund().refundedTotal()).isEqualTo(Money.of(2_000, "CNY"));
                    assertThat(r.refund().refundAmount()).isNull();
                    assertThat(r.refund().orderKey().kafkaKey()).isEqualTo("ali-shop|2021000100000000|ORDER-8011");
                }));
    }

    @Test
    void aRefundWithoutItsAmountIsRejected() {
        AlipayNotification n = AT_NOW.tradeStatusSync(trade("ORDER-8010", 100), overrides("out_biz_no", "REFUND-8010"));

        assertThat(classify(n)).isInstanceOfSatisfying(Check.Rejected.class,
                r -> assertThat(r.detail()).isEqualTo("refund_fee missing"));
    }

    @Test
    void serviceProviderModeStoresTheOrderUnderTheAuthorisingApp() {
        AlipayNotification n = AT_NOW
            .tradeStatusSync(AlipayTrade.paid(ISV, "2021000300000001", "ORDER-8011", "T8011", 100));

        VerifiedPayment v = payment(n);

        assertThat(v.orderKey().merchantId()).isEqualTo(MerchantId.of("2021000300000001"));
        assertThat(v.spMerchantId()).isEqualTo(MerchantId.of("2021000200000000"));
    }

    @Test
    void anAuthAppIdTheSigningAppDoesNotActForIsAMismatch() {
        AlipayNotification n = AT_NOW.tradeStatusSync(trade("ORDER-8012", 100),
                overrides("auth_app_id", "2021000300000001"));

        assertThat(classify(n)).isInstanceOfSatisfying(Check.Rejected.class,
                r -> assertThat(r.rejection()).isEqualTo(Rejection.MERCHANT_MISMATCH));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = { "notify_type             | batch_trans_notify", "trade_no                | ",
            "out_trade_no            | ", "trade_status            | ", "trade_status            | TRADE SUCCESS",
            "gmt_payment             | 2025/06/08 10:34:56", "gmt_payment             | ",
            "out_trade_no            | 12345678901234567890123456789012345678901234567890123456789012345", })
    void missingOrWrongTypedFieldsAreRejected(String field, String value) {
        assertThat(classify(AT_NOW.tradeStatusSync(trade("ORDER-8013", 100), overrides(field, value))))
            .isInstanceOfSatisfying(Check.Rejected.class,
                    r -> assertThat(r.rejection()).isEqualTo(Rejection.MALFORMED));
    }

    private static AlipayTrade trade(String outTradeNo, long fen) {
        return AlipayTrade.paid(APP_A, outTradeNo, AT_NOW.newTradeNo(), fen);
    }

    private Check<Classified> classify(AlipayNotification n) {
        return classifier.classify(verified(n));
    }

    private VerifiedPayment payment(AlipayNotification n) {
        Check<Classified> checked = classify(n);
        assertThat(checked).isInstanceOf(Check.Ok.class);
        Classified notice = ((Check.Ok<Classified>) checked).value();
        assertThat(notice).isInstanceOf(Classified.Payment.class);
        return ((Classified.Payment) notice).payment();
    }

    /** Pairs of name and value; a null value removes the parameter. */
    private static Map<String, String> overrides(String... keyValues) {
        Map<String, String> map = new java.util.HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

}
