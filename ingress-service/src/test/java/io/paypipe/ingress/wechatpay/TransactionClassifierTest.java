package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.PROVIDER;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_B;
import static io.paypipe.ingress.wechatpay.Fixtures.opened;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.ingress.intake.Classified;
import io.paypipe.ingress.intake.EventLogNotice;
import io.paypipe.ingress.intake.VerifiedPayment;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class TransactionClassifierTest {

    private final TransactionClassifier classifier = new TransactionClassifier();

    @Test
    void successBooksWhatThePayerPaidAndKeepsTheOrderAmount() {
        var payment = PaymentJson.success("1900000100", "OT-1", "4200001", 10010, 10000);

        VerifiedPayment n = finalOf(classifier.classify(opened(SHOP_A, payment)));

        assertThat(n.channel()).isEqualTo(Channel.WECHATPAY);
        assertThat(n.orderKey().kafkaKey()).isEqualTo("shop-a|1900000100|OT-1");
        assertThat(n.spMerchantId()).isNull();
        assertThat(n.channelTradeNo().value()).isEqualTo("4200001");
        assertThat(n.state()).isEqualTo(PaymentState.SUCCEEDED);
        assertThat(n.channelState()).isEqualTo("SUCCESS");
        assertThat(n.orderAmount()).isEqualTo(Money.of(10010, "CNY"));
        assertThat(n.paidAmount()).isEqualTo(Money.of(10000, "CNY"));
        assertThat(n.paidAt()).isEqualTo(Instant.parse("2026-11-30T02:34:56Z"));
        assertThat(n.notifyId()).isEqualTo("EV-2018022511223320873");
        assertThat(n.rawBody()).isEqualTo("{\"raw\":\"body\"}");
    }

    @ParameterizedTest
    @ValueSource(strings = { "CLOSED", "REVOKED", "PAYERROR" })
    void overWithoutMoneyIsClosedWithoutPaidAt(String tradeState) {
        var payment = PaymentJson.success("1900000100", "OT-2", "4200002", 500, 0).state(tradeState);

        VerifiedPayment n = finalOf(classifier.classify(opened(SHOP_A, payment)));

        assertThat(n.state()).isEqualTo(PaymentState.CLOSED);
        assertThat(n.channelState()).isEqualTo(tradeState);
        assertThat(n.paidAt()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = { "NOTPAY", "USERPAYING", "ACCEPT" })
    void noMoneyYetIsIntermediateAndCarriesWhatTheEventLogKeeps(String tradeState) {
        var payment = PaymentJson.success("1900000100", "OT-3", "4200003", 500, 0)
            .state(tradeState)
            .withoutAmount("payer_total")
            .without("transaction_id");

        assertThat(classifier.classify(opened(SHOP_A, payment))).isEqualTo(Check.ok(new Classified.Intermediate(
                new EventLogNotice(Channel.WECHATPAY, TenantId.of("shop-a"), MerchantId.of("1900000100"), "OT-3", null,
                        "EV-2018022511223320873", tradeState, "{\"raw\":\"body\"}"))));
    }

    @Test
    void anIntermediateStateKeepsTheTransactionIdWhenThereIsOne() {
        var payment = PaymentJson.success("1900000100", "OT-3", "4200003", 500, 0).state("USERPAYING");

        assertThat(classifier.classify(opened(SHOP_A, payment))).isInstanceOfSatisfying(Check.Ok.class,
                ok -> assertThat(((Classified.Intermediate) ok.value()).notice().channelTradeNo())
                    .isEqualTo("4200003"));
    }

    @ParameterizedTest
    @ValueSource(strings = { "REFUND", "SOMETHING_NEW" })
    void otherStatesAreStoredAsUnknownWithTheStateAsSent(String tradeState) {
        var payment = PaymentJson.success("1900000100", "OT-4", "4200004", 500, 500).state(tradeState);

        VerifiedPayment n = finalOf(classifier.classify(opened(SHOP_A, payment)));

        assertThat(n.state()).isEqualTo(PaymentState.UNKNOWN);
        assertThat(n.channelState()).isEqualTo(tradeState);
        assertThat(n.paidAmount()).isEqualTo(Money.of(500, "CNY"));
    }

    @Test
    void serviceProviderModeKeysTheOrderBySubMerchant() {
        var payment = PaymentJson.partnerSuccess("1900000300", "1900000301", "OT-5", "4200005", 800, 800);

        VerifiedPayment n = finalOf(classifier.classify(opened(PROVIDER, payment)));

        assertThat(n.orderKey().kafkaKey()).isEqualTo("mall|1900000301|OT-5");
        assertThat(n.spMerchantId()).isEqualTo(MerchantId.of("1900000300"));
    }

    @Test
    void aSubMerchantWithATenantOfItsOwnKeysItsOrdersUnderThatTenant() {
        // Given a provider whose sub-merchant 1900000301 belongs to another shop
        WechatPayMerchant provider = WechatPayMerchant
            .of(PROVIDER.toMerchant().withSubMerchantTenants(java.util.Map.of("1900000301", "shop-301")));
        var own = PaymentJson.partnerSuccess("1900000300", "1900000301", "OT-9", "4200009", 800, 800);
        var providers = PaymentJson.partnerSuccess("1900000300", "1900000302", "OT-10", "4200010", 800, 800);

        // When their payments are classified
        VerifiedPayment n = finalOf(classifier.classify(opened(provider, "TRANSACTION.SUCCESS", own.json())));
        VerifiedPayment m = finalOf(classifier.classify(opened(provider, "TRANSACTION.SUCCESS", providers.json())));

        // Then that sub-merchant's order is its shop's, the other's the provider's
        assertThat(n.orderKey().kafkaKey()).isEqualTo("shop-301|1900000301|OT-9");
        assertThat(m.orderKey().kafkaKey()).isEqualTo("mall|1900000302|OT-10");
    }

    @Test
    void currencyDefaultsToCny() {
        var payment = PaymentJson.success("1900000100", "OT-6", "4200006", 1, 1)
            .withoutAmount("currency")
            .withoutAmount("payer_currency");

        assertThat(finalOf(classifier.classify(opened(SHOP_A, payment))).orderAmount()).isEqualTo(Money.of(1, "CNY"));
    }

    @Test
    void aNotificationOfAnotherMerchantIsRefusedEvenWhenValidlySigned() {
        // B's key verified it, but the payment is A's
        var payment = PaymentJson.success("1900000100", "OT-7", "4200007", 1, 1);

        assertThat(rejection(classifier.classify(opened(SHOP_B, payment)))).isEqualTo(Rejection.MERCHANT_MISMATCH);
    }

    @Test
    void aSubMerchantTheProviderDoesNotListIsRefused() {
        var payment = PaymentJson.partnerSuccess("1900000300", "1900000399", "OT-8", "4200008", 1, 1);

        assertThat(rejection(classifier.classify(opened(PROVIDER, payment)))).isEqualTo(Rejection.MERCHANT_MISMATCH);
    }

    @ParameterizedTest
    @CsvSource({ "payer_total,", "total,", "total,-1", "currency,cny" })
    void badAmountsAreRefused(String field, String value) {
        var payment = PaymentJson.success("1900000100", "OT-9", "4200009", 100, 100).amount(field, value);

        assertThat(rejection(classifier.classify(opened(SHOP_A, payment)))).isEqualTo(Rejection.MALFORMED);
    }

    @ParameterizedTest
    @ValueSource(strings = { "\"total\":\"100\"", "\"total\":1e2", "\"total\":100.0", "\"total\":-1",
            "\"total\":99999999999999999999", "\"payer_total\":\"100\"", "\"total\":true", "\"total\":{}" })
    void amountsMustBeIntegerFenAsJsonNumbers(String badAmount) {
        // Given a payment whose amount.total or payer_total is not a plain integer (Gson
        // alone would accept some)
        String json = PaymentJson.success("1900000100", "OT-9", "4200009", 100, 100)
            .json()
            .replace(badAmount.startsWith("\"total") ? "\"total\":100" : "\"payer_total\":100", badAmount);

        // Then
        assertThat(json).contains(badAmount);
        assertThat(rejection(classifier.classify(opened(SHOP_A, "TRANSACTION.SUCCESS", json))))
            .isEqualTo(Rejection.MALFORMED);
    }

    @ParameterizedTest
    @CsvSource({ "success_time,yesterday", "transaction_id,", "out_trade_no,", "trade_state," })
    void badFieldsAreRefused(String field, String value) {
        var payment = PaymentJson.success("1900000100", "OT-10", "4200010", 100, 100).set(field, value);

        assertThat(rejection(classifier.classify(opened(SHOP_A, payment)))).isEqualTo(Rejection.MALFORMED);
    }

    @ParameterizedTest
    @ValueSource(strings = { "transaction_id", "out_trade_no", "trade_state", "mchid", "success_time" })
    void fieldsOfTheWrongTypeAreRefused(String field) {
        var payment = PaymentJson.success("1900000100", "OT-11", "4200011", 100, 100).set(field, 4200011);

        assertThat(rejection(classifier.classify(opened(SHOP_A, payment)))).isEqualTo(Rejection.MALFORMED);
    }

    @Test
    void idsLongerThanTheirColumnsAreRefused() {
        var payment = PaymentJson.success("1900000100", "OT-12", "4".repeat(65), 100, 100);

        assertThat(rejection(classifier.classify(opened(SHOP_A, payment)))).isEqualTo(Rejection.MALFORMED);
    }

    @Test
    void aMerchantNotInTheFileIsRefused() {
        var payment = PaymentJson.success("1900000999", "OT-13", "4200013", 100, 100);

        assertThat(rejection(classifier.classify(opened(SHOP_A, payment)))).isEqualTo(Rejection.MERCHANT_MISMATCH);
    }

    @Test
    void aSubMerchantOfAnotherProviderIsRefused() {
        // 1900000401 belongs to OTHER_PROVIDER, but PROVIDER's key signed it
        var payment = PaymentJson.partnerSuccess("1900000300", "1900000401", "OT-14", "4200014", 1, 1);

        assertThat(rejection(classifier.classify(opened(PROVIDER, payment)))).isEqualTo(Rejection.MERCHANT_MISMATCH);
    }

    private static VerifiedPayment finalOf(Check<Classified> check) {
        assertThat(check).isInstanceOf(Check.Ok.class);
        Classified c = ((Check.Ok<Classified>) check).value();
        assertThat(c).isInstanceOf(Classified.Payment.class);
        return ((Classified.Payment) c).payment();
    }

    private static Rejection rejection(Check<?> check) {
        assertThat(check).isInstanceOf(Check.Rejected.class);
        return ((Check.Rejected<?>) check).rejection();
    }

}
