package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.PROVIDER;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_B;
import static io.paypipe.ingress.wechatpay.Fixtures.opened;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.RefundState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.money.Money;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.ingress.intake.Classified;
import io.paypipe.ingress.intake.VerifiedRefund;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RefundClassifierTest {

    private final RefundClassifier classifier = new RefundClassifier();

    @Test
    void aSuccessfulRefundIsKeyedByOurRefundNumberWithTheRefundedFen() {
        // Given 25.00 of a 100.10 CNY payment refunded
        var refund = RefundJson.success("1900000100", "OT-1", "4200001", "RF-1", 10010, 2500);

        // When
        VerifiedRefund r = refundOf(classifier.classify(opened(SHOP_A, refund)));

        // Then
        assertThat(r.channel()).isEqualTo(Channel.WECHATPAY);
        assertThat(r.orderKey().kafkaKey()).isEqualTo("shop-a|1900000100|OT-1");
        assertThat(r.spMerchantId()).isNull();
        assertThat(r.refundNo()).isEqualTo("RF-1");
        assertThat(r.channelRefundId()).isEqualTo("50200207182018070300011301001");
        assertThat(r.channelTradeNo().value()).isEqualTo("4200001");
        assertThat(r.state()).isEqualTo(RefundState.SUCCEEDED);
        assertThat(r.channelState()).isEqualTo("SUCCESS");
        assertThat(r.refundKey().value()).isEqualTo("RF-1");
        assertThat(r.refundAmount()).isEqualTo(Money.of(2500, "CNY"));
        assertThat(r.refundedTotal()).as("a WeChat notice says this refund's amount, not the payment's total").isNull();
        assertThat(r.succeededAt()).isEqualTo(Instant.parse("2026-11-30T03:00:01Z"));
        assertThat(r.notifyId()).isEqualTo("EV-2018022511223320873");
        assertThat(r.rawBody()).isEqualTo("{\"raw\":\"body\"}");
    }

    @ParameterizedTest
    @CsvSource({ "CLOSED,CLOSED", "ABNORMAL,ABNORMAL", "PROCESSING,UNKNOWN", "SOMETHING_NEW,UNKNOWN" })
    void refundStatusesMapToTheRefundStateWithoutSucceededAt(String refundStatus, RefundState expected) {
        var refund = RefundJson.success("1900000100", "OT-2", "4200002", "RF-2", 500, 500).status(refundStatus);

        VerifiedRefund r = refundOf(classifier.classify(opened(SHOP_A, refund)));

        assertThat(r.state()).isEqualTo(expected);
        assertThat(r.channelState()).isEqualTo(refundStatus);
        assertThat(r.succeededAt()).isNull();
    }

    @Test
    void serviceProviderModeKeysTheRefundBySubMerchant() {
        var refund = RefundJson.partnerSuccess("1900000300", "1900000302", "OT-3", "4200003", "RF-3", 800, 800);

        VerifiedRefund r = refundOf(classifier.classify(opened(PROVIDER, refund)));

        assertThat(r.orderKey().kafkaKey()).isEqualTo("mall|1900000302|OT-3");
        assertThat(r.spMerchantId()).isEqualTo(MerchantId.of("1900000300"));
    }

    @Test
    void currencyIsOptionalAndDefaultsToCny() {
        var refund = RefundJson.success("1900000100", "OT-4", "4200004", "RF-4", 100, 1).amount("currency", "CNY");

        assertThat(refundOf(classifier.classify(opened(SHOP_A, refund))).refundAmount()).isEqualTo(Money.of(1, "CNY"));
    }

    @Test
    void aRefundOfAnotherMerchantIsRefusedEvenWhenValidlySigned() {
        var refund = RefundJson.success("1900000100", "OT-5", "4200005", "RF-5", 100, 100);

        assertThat(rejection(classifier.classify(opened(SHOP_B, refund)))).isEqualTo(Rejection.MERCHANT_MISMATCH);
    }

    @Test
    void aRefundForASubMerchantTheProviderDoesNotListIsRefused() {
        var refund = RefundJson.partnerSuccess("1900000300", "1900000401", "OT-6", "4200006", "RF-6", 100, 100);

        assertThat(rejection(classifier.classify(opened(PROVIDER, refund)))).isEqualTo(Rejection.MERCHANT_MISMATCH);
    }

    @ParameterizedTest
    @ValueSource(strings = { "out_refund_no", "refund_id", "transaction_id", "out_trade_no", "refund_status",
            "success_time", "amount" })
    void aMissingFieldIsRefused(String field) {
        var refund = RefundJson.success("1900000100", "OT-7", "4200007", "RF-7", 100, 100).without(field);

        assertThat(rejection(classifier.classify(opened(SHOP_A, refund)))).isEqualTo(Rejection.MALFORMED);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = { "refund|\"100\"", "refund|-1", "refund|1.5", "total|\"100\"",
            "payer_refund|1e2", "currency|\"cny\"" })
    void badAmountsAreRefused(String field, String literal) {
        String json = RefundJson.success("1900000100", "OT-8", "4200008", "RF-8", 100, 100)
            .amount("currency", "CNY")
            .json()
            .replaceFirst("\"" + field + "\":(\"CNY\"|100)", "\"" + field + "\":" + literal);

        assertThat(json).contains("\"" + field + "\":" + literal);
        assertThat(rejection(classifier.classify(opened(SHOP_A, "REFUND.SUCCESS", json))))
            .isEqualTo(Rejection.MALFORMED);
    }

    @ParameterizedTest
    @ValueSource(strings = { "out_refund_no", "refund_status", "sp_mchid" })
    void fieldsOfTheWrongTypeAreRefused(String field) {
        var refund = RefundJson.success("1900000100", "OT-9", "4200009", "RF-9", 100, 100).set(field, 12);

        assertThat(rejection(classifier.classify(opened(SHOP_A, refund)))).isEqualTo(Rejection.MALFORMED);
    }

    @Test
    void aRefundNumberLongerThanItsColumnIsRefused() {
        var refund = RefundJson.success("1900000100", "OT-10", "4200010", "R".repeat(65), 100, 100);

        assertThat(rejection(classifier.classify(opened(SHOP_A, refund)))).isEqualTo(Rejection.MALFORMED);
    }

    private static VerifiedRefund refundOf(Check<Classified> check) {
        assertThat(check).isInstanceOf(Check.Ok.class);
        Classified c = ((Check.Ok<Classified>) check).value();
        assertThat(c).isInstanceOf(Classified.Refund.class);
        return ((Classified.Refund) c).refund();
    }

    private static Rejection rejection(Check<?> check) {
        assertThat(check).isInstanceOf(Check.Rejected.class);
        return ((Check.Rejected<?>) check).rejection();
    }

}
