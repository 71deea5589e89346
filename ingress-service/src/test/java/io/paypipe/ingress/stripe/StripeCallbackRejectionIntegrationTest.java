package io.paypipe.ingress.stripe;

import static io.paypipe.ingress.stripe.StripeFixtures.SHOP_A;
import static io.paypipe.ingress.stripe.StripeFixtures.SHOP_B;
import static io.paypipe.ingress.stripe.StripeFixtures.newOutTradeNo;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.ingress.callback.CallbackBulkhead;
import io.paypipe.sandbox.stripe.PaymentIntentEvent;
import io.paypipe.sandbox.stripe.PaymentIntentSpec;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * What {@code POST /notify/stripe} refuses, what it logs while doing so, and its
 * bulkhead.
 */
@ExtendWith(OutputCaptureExtension.class)
class StripeCallbackRejectionIntegrationTest extends StripeCallbackIntegrationSupport {

    @Autowired
    CallbackBulkhead bulkhead;

    @ParameterizedTest
    @EnumSource(StripeBadDelivery.class)
    void badDeliveriesGetANon2xxAndNothingIsStored(StripeBadDelivery bad) throws Exception {
        // Given
        String out = newOutTradeNo();
        long rowsBefore = rowsOf(SHOP_A.account(), SHOP_B.account());
        StripeBadDelivery.Delivery delivery = bad.build(out);

        // When
        HttpResponse<String> response = post(delivery.body(), delivery.headers(), delivery.contentType());

        // Then
        assertThat(response.statusCode()).as(bad.name()).isEqualTo(bad.status());
        assertIsFailAck(response);
        assertThat(rowsOf(SHOP_A.account(), SHOP_B.account())).isEqualTo(rowsBefore);
        assertThat(rawRows(out)).isEmpty();
        assertThat(payments.recordsFor("shop-a|" + SHOP_A.account() + "|" + out)).isEmpty();
        assertThat(payments.recordsFor("shop-b|" + SHOP_B.account() + "|" + out)).isEmpty();
    }

    @Test
    void logLinesCarryNeitherTheBodyNorTheSecretNorTheSignatureNorTheEmail(CapturedOutput output) throws Exception {
        // Given bad deliveries refused at every step, each body with the payer's e-mail
        for (StripeBadDelivery bad : StripeBadDelivery.values()) {
            StripeBadDelivery.Delivery d = bad.build(newOutTradeNo());

            // When
            post(d.body(), d.headers(), d.contentType());

            // Then
            String body = new String(d.body(), StandardCharsets.UTF_8);
            String signature = d.signature() == null ? "-" : d.signature();
            assertThat(output.getAll()).as(bad.name())
                .doesNotContain(body.length() > 60 ? body.substring(20, 60) : "\u0000")
                .doesNotContain(signature.length() > 40 ? signature.substring(signature.indexOf(',')) : "\u0000")
                .doesNotContain(StripeBadDelivery.EMAIL)
                .doesNotContain(SHOP_A.endpointSecret())
                .doesNotContain(SHOP_B.endpointSecret());
        }
        assertThat(output.getAll()).contains("stripe event rejected: MALFORMED", "stripe event rejected: BAD_SIGNATURE",
                "stripe event rejected: STALE_TIMESTAMP", "stripe event rejected: MERCHANT_MISMATCH");

        // and an accepted one
        SignedNotification accepted = StripeBadDelivery.valid(newOutTradeNo());
        assertThat(post(accepted).statusCode()).isEqualTo(200);
        assertThat(output.getAll()).contains("notification published")
            .doesNotContain(StripeBadDelivery.EMAIL)
            .doesNotContain(SHOP_A.endpointSecret())
            .doesNotContain(
                    accepted.header("Stripe-Signature").substring(accepted.header("Stripe-Signature").indexOf(',')));
    }

    @Test
    void aSaturatedBulkheadAnswersStripesFailAckAfterTheShortBulkheadWaitWhileHealthStillAnswers() throws Exception {
        String out = newOutTradeNo();
        SignedNotification n = EVENTS.paymentIntent(PaymentIntentSpec.of(SHOP_A, out, 100, "usd"),
                PaymentIntentEvent.SUCCEEDED);
        int taken = 0;
        try {
            // as many callbacks in flight as the shared limit allows
            while (bulkhead.tryAcquire()) {
                taken++;
            }
            long started = System.nanoTime();
            HttpResponse<String> busy = post(n);
            Duration took = Duration.ofNanos(System.nanoTime() - started);

            assertThat(busy.statusCode()).isEqualTo(429);
            assertIsFailAck(busy);
            assertThat(took).isLessThan(Duration.ofSeconds(2));
            HttpResponse<String> health = get("/actuator/health");
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).contains("\"UP\"");
            assertThat(rawRows(out)).isEmpty();
        }
        finally {
            for (int i = 0; i < taken; i++) {
                bulkhead.release();
            }
        }
        assertThat(taken).isEqualTo(bulkhead.limit());
        assertThat(post(n).statusCode()).isEqualTo(200);
    }

}
