package io.paypipe.ingress.stripe;

import static io.paypipe.ingress.stripe.StripeFixtures.JSON;
import static io.paypipe.ingress.stripe.StripeFixtures.NOW;
import static io.paypipe.ingress.stripe.StripeFixtures.SHOP_A;
import static io.paypipe.ingress.stripe.StripeFixtures.ingressMerchant;
import static io.paypipe.ingress.stripe.StripeFixtures.paymentIntent;
import static io.paypipe.ingress.stripe.StripeFixtures.refund;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.PaymentState;
import io.paypipe.core.event.RefundState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.ingress.intake.Classified;
import io.paypipe.ingress.intake.EventLogNotice;
import io.paypipe.ingress.intake.RefundAmounts;
import io.paypipe.ingress.intake.RefundKey;
import io.paypipe.ingress.intake.VerifiedPayment;
import io.paypipe.ingress.intake.VerifiedRefund;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

class StripeEventClassifierTest {

    @Test
    void paymentIntentSucceededIsAPaymentWithBothAmounts() {
        // Given 100.10 USD asked, 100.00 received
        JsonNode pi = paymentIntent(10_010, 10_000, "usd", "ORDER-1");

        // When
        VerifiedPayment n = payment(classify("payment_intent.succeeded", pi));

        // Then
        assertThat(n.channel()).isEqualTo(Channel.STRIPE);
        assertThat(n.orderKey().kafkaKey()).isEqualTo("shop-a|" + SHOP_A.account() + "|ORDER-1");
        assertThat(n.channelTradeNo().value()).isEqualTo("pi_3Test");
        assertThat(n.state()).isEqualTo(PaymentState.SUCCEEDED);
        assertThat(n.channelState()).isEqualTo("payment_intent.succeeded");
        assertThat(n.orderAmount()).isEqualTo(Money.of(10_010, "USD"));
        assertThat(n.paidAmount()).isEqualTo(Money.of(10_000, "USD"));
        assertThat(n.paidAt()).isEqualTo(NOW);
        assertThat(n.notifyId()).isEqualTo("evt_1Test");
        assertThat(n.spMerchantId()).isNull();
    }

    @ParameterizedTest
    @CsvSource({ "1500, jpy, 1500, JPY", // JPY has no decimals: 1500 is 1500 yen
            "1, jpy, 1, JPY", "1, usd, 1, USD", // 0.01 USD
            "10000, usd, 10000, USD", // 100.00 USD
            "10010, eur, 10010, EUR", // 100.10 EUR
            "0, usd, 0, USD", "1500, JPY, 1500, JPY", // upper case is accepted and kept
                                                      // upper case
            "2500, Usd, 2500, USD", "1000, kwd, 1000, KWD" }) // 1.000 KWD (three
                                                              // decimals): minor units as
                                                              // sent, nothing converted
    void amountsAreMinorUnitsAsStripeSendsThem(long amount, String currency, long expectedMinor,
            String expectedCurrency) {
        VerifiedPayment n = payment(
                classify("payment_intent.succeeded", paymentIntent(amount, amount, currency, "O-1")));

        assertThat(n.orderAmount()).isEqualTo(Money.of(expectedMinor, expectedCurrency));
        assertThat(n.paidAmount()).isEqualTo(Money.of(expectedMinor, expectedCurrency));
    }

    @ParameterizedTest
    @ValueSource(
            strings = { "-1", "12.5", "1e2", "100.0", "\"100\"", "null", "true", "{}", "[]", "99999999999999999999" })
    void amountsThatAreNotNonNegativeIntegersAreRefused(String amount) {
        JsonNode ordered = paymentIntent(amount, "100", "\"usd\"", "{\"out_trade_no\":\"O-1\"}");
        JsonNode received = paymentIntent("100", amount, "\"usd\"", "{\"out_trade_no\":\"O-1\"}");

        assertThat(rejection(classify("payment_intent.succeeded", ordered))).isEqualTo(Rejection.MALFORMED);
        assertThat(rejection(classify("payment_intent.succeeded", received))).isEqualTo(Rejection.MALFORMED);
    }

    @Test
    void aMissingAmountIsRefused() {
        JsonNode pi = paymentIntent(100, 100, "usd", "O-1");
        ((tools.jackson.databind.node.ObjectNode) pi).remove("amount_received");

        assertThat(rejection(classify("payment_intent.succeeded", pi))).isEqualTo(Rejection.MALFORMED);
    }

    @ParameterizedTest
    @ValueSource(strings = { "\"zzz\"", "\"usdx\"", "\"us\"", "\"\"", "\"u$d\"", "null", "840", "[\"usd\"]" })
    void currenciesThatAreNotIso4217AreRefused(String currency) {
        JsonNode pi = paymentIntent("100", "100", currency, "{\"out_trade_no\":\"O-1\"}");

        assertThat(rejection(classify("payment_intent.succeeded", pi))).isEqualTo(Rejection.MALFORMED);
    }

    @Test
    void canceledClosesThePaymentWithoutAPaidTime() {
        VerifiedPayment n = payment(classify("payment_intent.canceled", paymentIntent(900, 0, "usd", "O-2")));

        assertThat(n.state()).isEqualTo(PaymentState.CLOSED);
        assertThat(n.paidAmount()).isEqualTo(Money.of(0, "USD"));
        assertThat(n.paidAt()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = { "payment_intent.payment_failed", "payment_intent.processing",
            "payment_intent.requires_action", "payment_intent.created", "payment_intent.partially_funded",
            "payment_intent.amount_capturable_updated" })
    void aPaymentIntentStillOpenIsOnlyLogged(String type) {
        // payment_failed included: the same pi_ may still succeed, so it must not take
        // the raw table's key
        EventLogNotice notice = logged(classify(type, paymentIntent(900, 0, "usd", "O-3")));

        assertThat(notice.state()).isEqualTo(type);
        assertThat(notice.outTradeNo()).isEqualTo("O-3");
        assertThat(notice.channelTradeNo()).isEqualTo("pi_3Test");
        assertThat(notice.notifyId()).isEqualTo("evt_1Test");
    }

    @ParameterizedTest
    @ValueSource(strings = { "{}", "null", "{\"order\":\"O-4\"}" })
    void aPaymentIntentWithoutOurOrderNumberIsNotOursAndOnlyLogged(String metadata) {
        JsonNode pi = paymentIntent("900", "900", "\"usd\"", metadata);

        EventLogNotice notice = logged(classify("payment_intent.succeeded", pi));

        assertThat(notice.outTradeNo()).isNull();
        assertThat(notice.channelTradeNo()).isEqualTo("pi_3Test");
    }

    @ParameterizedTest
    @ValueSource(strings = { "\"O-5\"", "[]", "{\"out_trade_no\":5}", "{\"out_trade_no\":\"\"}",
            "{\"out_trade_no\":\"0123456789012345678901234567890123456789012345678901234567890123456789\"}" })
    void wrongTypedMetadataIsRefused(String metadata) {
        JsonNode pi = paymentIntent("900", "900", "\"usd\"", metadata);

        assertThat(rejection(classify("payment_intent.succeeded", pi))).isEqualTo(Rejection.MALFORMED);
    }

    @Test
    void aPaymentIntentEventMustCarryAPaymentIntent() {
        assertThat(rejection(classify("payment_intent.succeeded", refund("\"succeeded\"", "{}"))))
            .isEqualTo(Rejection.MALFORMED);
    }

    @Test
    void aSucceededRefundIsARefundUnderOurRefundNumber() {
        JsonNode re = refund("\"succeeded\"", "{\"refund_no\":\"RF-1\",\"out_trade_no\":\"O-6\"}");

        VerifiedRefund r = refundOf(classify("refund.updated", re));

        assertThat(r.channel()).isEqualTo(Channel.STRIPE);
        assertThat(r.refundNo()).isEqualTo("RF-1");
        assertThat(r.channelRefundId()).isEqualTo("re_3Test");
        assertThat(r.channelTradeNo().value()).isEqualTo("pi_3Test");
        assertThat(r.orderKey().outTradeNo().value()).isEqualTo("O-6");
        assertThat(r.state()).isEqualTo(RefundState.SUCCEEDED);
        assertThat(r.channelState()).isEqualTo("succeeded");
        assertThat(r.refundAmount()).isEqualTo(Money.of(500, "USD"));
        assertThat(r.succeededAt()).isEqualTo(NOW);
        assertThat(r.notifyId()).isEqualTo("evt_1Test");
    }

    @Test
    void aSucceededRefundCarriesItsOwnAmountAndNoRefundedTotal() {
        VerifiedRefund r = refundOf(classify("refund.updated",
                refund("\"succeeded\"", "{\"refund_no\":\"RF-1\",\"out_trade_no\":\"O-6\"}")));

        assertThat(r.refundKey()).isEqualTo(RefundKey.refundNo("RF-1"));
        assertThat(r.amounts()).isEqualTo(RefundAmounts.ofThisRefund(Money.of(500, "USD")));
        assertThat(r.refundedTotal()).isNull();
        assertThat(r.event(7, NOW).refundedTotal()).isNull();
        assertThat(r.event(7, NOW).refundAmount()).isEqualTo(Money.of(500, "USD"));
    }

    @Test
    void aRefundForOurOrderWithoutOurRefundNumberIsKnownByItsIdAndNamesNoRefundNumber() {
        // Given a refund made in the Dashboard whose metadata names our order only
        VerifiedRefund r = refundOf(classify("refund.created", refund("\"succeeded\"", "{\"out_trade_no\":\"O-7\"}")));

        // Then it is stored under the channel's refund id, for the refund service to
        // match
        assertThat(r.refundNo()).isNull();
        assertThat(r.refundKey().value()).isEqualTo("channel:re_3Test");
        assertThat(r.outTradeNo().value()).isEqualTo("O-7");
        assertThat(r.event(7, NOW).refundNo()).isNull();
        assertThat(r.event(7, NOW).channelRefundId()).isEqualTo("re_3Test");
    }

    @Test
    void aRefundNamingNoneOfOurNumbersIsStoredByItsIdAndKeyedByItsPayment() {
        // Given a Dashboard refund: no metadata of ours at all
        VerifiedRefund r = refundOf(classify("refund.created", refund("\"succeeded\"", "{}")));

        // Then it is a refund of PaymentIntent pi_3Test, with neither order nor refund
        // number
        assertThat(r.refundNo()).isNull();
        assertThat(r.outTradeNo()).isNull();
        assertThat(r.refundKey().value()).isEqualTo("channel:re_3Test");
        assertThat(r.channelTradeNo().value()).isEqualTo("pi_3Test");
        assertThat(r.orderKey().kafkaKey()).isEqualTo("shop-a|" + SHOP_A.account() + "|pi_3Test");
        assertThat(r.refundAmount()).isEqualTo(Money.of(500, "USD"));
    }

    @Test
    void aRefundWithOurRefundNumberButNoOrderNumberIsStoredUnderOurRefundNumber() {
        VerifiedRefund r = refundOf(classify("refund.updated", refund("\"succeeded\"", "{\"refund_no\":\"RF-4\"}")));

        assertThat(r.refundNo()).isEqualTo("RF-4");
        assertThat(r.refundKey().value()).isEqualTo("RF-4");
        assertThat(r.outTradeNo()).isNull();
    }

    @Test
    void aRefundWithoutAPaymentIntentIsNotAPaymentOfOursAndOnlyLogged() {
        JsonNode re = JSON.readTree("{\"id\":\"re_9\",\"object\":\"refund\",\"amount\":500,\"charge\":\"ch_9\","
                + "\"currency\":\"usd\",\"metadata\":{},\"status\":\"succeeded\"}");

        assertThat(logged(classify("refund.created", re)).outTradeNo()).isNull();
    }

    @Test
    void aRefundNamingOurOrderWithoutAPaymentIntentIsRefused() {
        JsonNode re = JSON.readTree("{\"id\":\"re_9\",\"object\":\"refund\",\"amount\":500,\"charge\":\"ch_9\","
                + "\"currency\":\"usd\",\"metadata\":{\"out_trade_no\":\"O-12\"},\"status\":\"succeeded\"}");

        assertThat(rejection(classify("refund.updated", re))).isEqualTo(Rejection.MALFORMED);
    }

    @ParameterizedTest
    @CsvSource({ "refund.failed, failed, CLOSED", "refund.updated, canceled, CLOSED",
            "refund.updated, something_new, UNKNOWN" })
    void refundStatesOtherThanSuccess(String type, String status, RefundState expected) {
        JsonNode re = refund("\"" + status + "\"", "{\"refund_no\":\"RF-2\",\"out_trade_no\":\"O-8\"}");

        VerifiedRefund r = refundOf(classify(type, re));

        assertThat(r.state()).isEqualTo(expected);
        assertThat(r.succeededAt()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = { "pending", "requires_action" })
    void aRefundOnItsWayIsOnlyLogged(String status) {
        JsonNode re = refund("\"" + status + "\"", "{\"refund_no\":\"RF-3\",\"out_trade_no\":\"O-9\"}");

        assertThat(logged(classify("refund.created", re)).outTradeNo()).isEqualTo("O-9");
    }

    @ParameterizedTest
    @ValueSource(strings = { "5", "null", "\"\"" })
    void aRefundWithAWrongTypedStatusIsRefused(String status) {
        JsonNode re = refund(status, "{\"refund_no\":\"RF-5\",\"out_trade_no\":\"O-10\"}");

        assertThat(rejection(classify("refund.updated", re))).isEqualTo(Rejection.MALFORMED);
    }

    @Test
    void chargeRefundedCarriesOnlyTheCumulativeAmountAndIsOnlyLogged() {
        JsonNode charge = JSON.readTree("{\"id\":\"ch_3Test\",\"object\":\"charge\",\"amount_refunded\":500,"
                + "\"payment_intent\":\"pi_3Test\",\"metadata\":{\"out_trade_no\":\"O-11\"},\"refunded\":false}");

        EventLogNotice notice = logged(classify("charge.refunded", charge));

        assertThat(notice.state()).isEqualTo("charge.refunded");
        assertThat(notice.channelTradeNo()).isEqualTo("pi_3Test");
        assertThat(notice.outTradeNo()).isEqualTo("O-11");
    }

    @Test
    void anEventTypeThePipelineDoesNotActOnIsOnlyLogged() {
        EventLogNotice notice = logged(
                classify("customer.created", JSON.readTree("{\"id\":\"cus_1\",\"object\":\"customer\"}")));

        assertThat(notice.state()).isEqualTo("customer.created");
        assertThat(notice.outTradeNo()).isNull();
    }

    private static Check<Classified> classify(String type, JsonNode object) {
        VerifiedEvent event = new VerifiedEvent(ingressMerchant(SHOP_A), "evt_1Test", type, NOW.getEpochSecond(),
                object, "{\"raw\":true}");
        return new StripeEventClassifier().classify(event);
    }

    private static VerifiedPayment payment(Check<Classified> checked) {
        return ((Classified.Payment) ok(checked)).payment();
    }

    private static VerifiedRefund refundOf(Check<Classified> checked) {
        return ((Classified.Refund) ok(checked)).refund();
    }

    /** Intermediate or ignored: the event log only, either way. */
    private static EventLogNotice logged(Check<Classified> checked) {
        return switch (ok(checked)) {
            case Classified.Intermediate i -> i.notice();
            case Classified.Ignored i -> i.notice();
            case Classified c -> throw new AssertionError("not only logged: " + c);
        };
    }

    private static Classified ok(Check<Classified> checked) {
        return switch (checked) {
            case Check.Ok<Classified> ok -> ok.value();
            case Check.Rejected<Classified> r -> throw new AssertionError("rejected: " + r);
        };
    }

    private static Rejection rejection(Check<Classified> checked) {
        return switch (checked) {
            case Check.Rejected<Classified> r -> r.rejection();
            case Check.Ok<Classified> ok -> throw new AssertionError("accepted: " + ok.value());
        };
    }

}
