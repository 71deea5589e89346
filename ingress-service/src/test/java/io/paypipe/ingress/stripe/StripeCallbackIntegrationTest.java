package io.paypipe.ingress.stripe;

import static io.paypipe.ingress.stripe.StripeFixtures.SHOP_A;
import static io.paypipe.ingress.stripe.StripeFixtures.SHOP_B;
import static io.paypipe.ingress.stripe.StripeFixtures.newOutTradeNo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.event.RefundState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.sandbox.stripe.PaymentIntentEvent;
import io.paypipe.sandbox.stripe.PaymentIntentSpec;
import io.paypipe.sandbox.stripe.RefundSpec;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** {@code POST /notify/stripe} on a real broker and a real MySQL-compatible database. */
@ExtendWith(OutputCaptureExtension.class)
class StripeCallbackIntegrationTest extends StripeCallbackIntegrationSupport {

    @Test
    void aSucceededPaymentIsStoredOnceAndPublishedBeforeThe2xx() throws Exception {
        // Given Stripe's payment_intent.succeeded for 100.10 USD asked, 100.00 received
        String out = newOutTradeNo();
        PaymentIntentSpec spec = PaymentIntentSpec.of(SHOP_A, out, 10_010, "usd").withAmountReceived(10_000);
        SignedNotification n = EVENTS.paymentIntent(spec, PaymentIntentEvent.SUCCEEDED);

        // When
        HttpResponse<String> response = post(n);

        // Then
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"received\":true}");
        RawRow row = singleRawRow(out);
        assertThat(row).isEqualTo(new RawRow(row.id(), "shop-a", SHOP_A.account(), null, "stripe",
                spec.paymentIntentId(), out, n.id(), "payment_intent.succeeded", "SUCCEEDED", 10_010, 10_000,
                row.paidAt(), "USD", 0, new String(n.body(), StandardCharsets.UTF_8)));
        assertThat(payments.recordsFor("shop-a|" + SHOP_A.account() + "|" + out)).singleElement().satisfies(r -> {
            assertCarriesRawId(r, row.id());
            PaymentNotified e = r.value();
            assertThat(e.eventId()).isEqualTo(PaymentNotified.idFor(row.id()));
            assertThat(e.channel()).isEqualTo(Channel.STRIPE);
            assertThat(e.channelTradeNo().value()).isEqualTo(spec.paymentIntentId());
            assertThat(e.state()).isEqualTo(PaymentState.SUCCEEDED);
            assertThat(e.orderAmount()).isEqualTo(Money.of(10_010, "USD"));
            assertThat(e.paidAmount()).isEqualTo(Money.of(10_000, "USD"));
            assertThat(e.paidAt()).isCloseTo(Instant.now(), within(Duration.ofMinutes(1))).isEqualTo(row.paidAt());
        });
    }

    @Test
    void aYenPaymentIsStoredInWholeYen() throws Exception {
        String out = newOutTradeNo();

        assertThat(post(
                EVENTS.paymentIntent(PaymentIntentSpec.of(SHOP_B, out, 1_500, "jpy"), PaymentIntentEvent.SUCCEEDED))
            .statusCode()).isEqualTo(200);

        RawRow row = singleRawRow(out);
        assertThat(row.merchantId()).isEqualTo(SHOP_B.account());
        assertThat(row.orderAmount()).isEqualTo(1_500);
        assertThat(row.currency()).isEqualTo("JPY");
    }

    @Test
    void theSameEventAgainIsStoredOnceAndPublishedAgainWhileUnsettled() throws Exception {
        String out = newOutTradeNo();
        SignedNotification n = EVENTS.paymentIntent(PaymentIntentSpec.of(SHOP_A, out, 500, "usd"),
                PaymentIntentEvent.SUCCEEDED);

        assertThat(post(n).statusCode()).isEqualTo(200);
        assertThat(post(n).statusCode()).isEqualTo(200);

        long rawId = singleRawRow(out).id();
        assertThat(payments.recordsFor("shop-a|" + SHOP_A.account() + "|" + out)).hasSize(2)
            .allSatisfy(r -> assertThat(r.value().eventId()).isEqualTo(PaymentNotified.idFor(rawId)));
    }

    @Test
    void aDuplicateOfASettledPaymentIsAckedWithoutPublishing(CapturedOutput output) throws Exception {
        String out = newOutTradeNo();
        SignedNotification n = EVENTS.paymentIntent(PaymentIntentSpec.of(SHOP_A, out, 700, "usd"),
                PaymentIntentEvent.SUCCEEDED);
        assertThat(post(n).statusCode()).isEqualTo(200);
        long rawId = singleRawRow(out).id();
        jdbc.sql("UPDATE pay_notify_raw SET handled = 1 WHERE id = :id").param("id", rawId).update();

        // Stripe retries: same bytes, a fresh t and signature
        assertThat(post(EVENTS.resign(n, SHOP_A)).statusCode()).isEqualTo(200);

        assertThat(singleRawRow(out).handled()).isEqualTo(1);
        assertThat(payments.recordsFor("shop-a|" + SHOP_A.account() + "|" + out)).hasSize(1);
        assertThat(output).contains("duplicate notification rawId=" + rawId);
    }

    @Test
    void aFailedAttemptIsOnlyLoggedAndTheLaterSuccessOfTheSamePaymentIntentIsStoredAndPublished() throws Exception {
        // Given a declined card on the PaymentIntent
        String out = newOutTradeNo();
        PaymentIntentSpec spec = PaymentIntentSpec.of(SHOP_A, out, 2_000, "usd");
        SignedNotification failed = EVENTS.paymentIntent(spec, PaymentIntentEvent.PAYMENT_FAILED);

        // When Stripe reports the failed attempt
        assertThat(post(failed).statusCode()).isEqualTo(200);

        // Then it is in the event log only
        assertThat(eventRows(spec.paymentIntentId())).singleElement().satisfies(row -> {
            assertThat(row.get("state")).isEqualTo("payment_intent.payment_failed");
            assertThat(row.get("out_trade_no")).isEqualTo(out);
            assertThat(row.get("notify_id")).isEqualTo(failed.id());
        });
        assertThat(rawRows(out)).isEmpty();
        assertThat(payments.recordsFor("shop-a|" + SHOP_A.account() + "|" + out)).isEmpty();

        // When the customer retries with another card and the same PaymentIntent succeeds
        assertThat(post(EVENTS.paymentIntent(spec.withNewCharge(), PaymentIntentEvent.SUCCEEDED)).statusCode())
            .isEqualTo(200);

        // Then that success is stored and published, not taken for a duplicate
        assertThat(singleRawRow(out).channelTradeNo()).isEqualTo(spec.paymentIntentId());
        assertThat(payments.recordsFor("shop-a|" + SHOP_A.account() + "|" + out)).singleElement()
            .satisfies(r -> assertThat(r.value().state()).isEqualTo(PaymentState.SUCCEEDED));
    }

    @Test
    void aCanceledPaymentIntentIsStoredAsClosed() throws Exception {
        String out = newOutTradeNo();

        assertThat(
                post(EVENTS.paymentIntent(PaymentIntentSpec.of(SHOP_A, out, 800, "usd"), PaymentIntentEvent.CANCELED))
                    .statusCode())
            .isEqualTo(200);

        RawRow row = singleRawRow(out);
        assertThat(row.tradeState()).isEqualTo("payment_intent.canceled");
        assertThat(row.paymentState()).isEqualTo("CLOSED");
        assertThat(row.paidAt()).isNull();
        assertThat(payments.recordsFor("shop-a|" + SHOP_A.account() + "|" + out)).singleElement()
            .satisfies(r -> assertThat(r.value().state()).isEqualTo(PaymentState.CLOSED));
    }

    @Test
    void aPaymentIntentWithoutOurOrderNumberIsAckedAndLoggedAsNotOurs() throws Exception {
        PaymentIntentSpec spec = PaymentIntentSpec.of(SHOP_A, null, 800, "usd");

        assertThat(post(EVENTS.paymentIntent(spec, PaymentIntentEvent.SUCCEEDED)).statusCode()).isEqualTo(200);

        assertThat(eventRows(spec.paymentIntentId())).singleElement()
            .satisfies(row -> assertThat(row.get("out_trade_no")).isNull());
        assertThat(jdbc.sql("SELECT COUNT(*) FROM pay_notify_raw WHERE channel_trade_no = :pi")
            .param("pi", spec.paymentIntentId())
            .query(Long.class)
            .single()).isZero();
    }

    @Test
    void aRefundIsStoredOnceByOurRefundNumberAndPublishedToRefundNotify() throws Exception {
        // Given a refund of 5.00 of a 10.00 USD payment, our refund number RF-<out>
        String out = newOutTradeNo();
        PaymentIntentSpec payment = PaymentIntentSpec.of(SHOP_A, out, 1_000, "usd");
        RefundSpec refund = RefundSpec.of(payment, "RF-" + out, 500);

        // When Stripe reports it pending, then succeeded twice, and the charge refunded
        assertThat(post(EVENTS.refund(refund.withStatus("pending"), "refund.created")).statusCode()).isEqualTo(200);
        SignedNotification succeeded = EVENTS.refund(refund, "refund.updated");
        assertThat(post(succeeded).statusCode()).isEqualTo(200);
        assertThat(post(succeeded).statusCode()).isEqualTo(200);
        assertThat(post(EVENTS.chargeRefunded(refund, 1_000)).statusCode()).isEqualTo(200);

        // Then one refund row and its records; the pending state and charge.refunded are
        // in the event log
        assertThat(refundRows(out)).singleElement()
            .isEqualTo(Map.of("refund_no", "RF-" + out, "channel_refund_id", refund.refundId(), "channel_trade_no",
                    payment.paymentIntentId(), "refund_state", "succeeded", "refund_amount_minor", 500L, "currency",
                    "USD", "merchant_id", SHOP_A.account(), "notify_id", succeeded.id()));
        List<String> states = eventRows(payment.paymentIntentId()).stream().map(r -> (String) r.get("state")).toList();
        assertThat(states).containsExactly("refund.created", "charge.refunded");
        long rawId = jdbc.sql("SELECT id FROM pay_refund_raw WHERE out_trade_no = :out")
            .param("out", out)
            .query(Long.class)
            .single();
        assertThat(refunds.recordsFor("shop-a|" + SHOP_A.account() + "|" + out)).hasSize(2).allSatisfy(r -> {
            assertCarriesRawId(r, rawId);
            RefundNotified e = r.value();
            assertThat(e.refundNo()).isEqualTo("RF-" + out);
            assertThat(e.state()).isEqualTo(RefundState.SUCCEEDED);
            assertThat(e.refundAmount()).isEqualTo(Money.of(500, "USD"));
            assertThat(e.channelTradeNo().value()).isEqualTo(payment.paymentIntentId());
        });
        assertThat(rawRows(out)).isEmpty();
    }

}
