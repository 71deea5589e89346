package io.paypipe.sandbox.stripe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.stripe.Stripe;
import com.stripe.exception.SignatureVerificationException;
import com.stripe.model.Charge;
import com.stripe.model.Event;
import com.stripe.model.PaymentIntent;
import com.stripe.model.Refund;
import com.stripe.net.Webhook;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The sandbox's Stripe events, checked with the official stripe-java SDK. */
class StripeEventsTest {

    private static final Instant NOW = Instant.parse("2026-03-01T08:00:00Z");

    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final StripeMerchant MERCHANT = StripeMerchant.generate("test-shop", "acct_1TestAccount0001");

    private final StripeEvents events = new StripeEvents(CLOCK);

    @Test
    void paymentIntentSucceededIsAcceptedByTheOfficialSdkAndDeserializesToAPaymentIntent() throws Exception {
        // Given a payment of 25.00 USD
        PaymentIntentSpec spec = PaymentIntentSpec.of(MERCHANT, "ORDER-S1", 2_500, "USD");

        // When Stripe (the sandbox) builds the event
        SignedNotification n = events.paymentIntent(spec, PaymentIntentEvent.SUCCEEDED);

        // Then the SDK verifies it within its 300 s tolerance and gives the typed object
        Event event = construct(n, MERCHANT.endpointSecret(), CLOCK);
        assertThat(event.getId()).isEqualTo(n.id()).startsWith("evt_");
        assertThat(event.getType()).isEqualTo("payment_intent.succeeded");
        assertThat(event.getApiVersion()).isEqualTo(Stripe.API_VERSION);
        assertThat(event.getCreated()).isEqualTo(NOW.getEpochSecond());
        assertThat(event.getLivemode()).isFalse();
        assertThat(event.getAccount()).isNull();
        PaymentIntent pi = (PaymentIntent) event.getDataObjectDeserializer().getObject().orElseThrow();
        assertThat(pi.getId()).isEqualTo(spec.paymentIntentId()).startsWith("pi_");
        assertThat(pi.getAmount()).isEqualTo(2_500L);
        assertThat(pi.getAmountReceived()).isEqualTo(2_500L);
        assertThat(pi.getCurrency()).isEqualTo("usd");
        assertThat(pi.getStatus()).isEqualTo("succeeded");
        assertThat(pi.getMetadata()).containsExactlyEntriesOf(java.util.Map.of("out_trade_no", "ORDER-S1"));
        assertThat(pi.getLatestCharge()).isEqualTo(spec.chargeId()).startsWith("ch_");
    }

    @Test
    void eventsCarryTheSdksApiVersion() {
        assertThat(StripeEvents.API_VERSION).isEqualTo(Stripe.API_VERSION);
    }

    @Test
    void yenAmountsAreWholeYen() throws Exception {
        SignedNotification n = events.paymentIntent(PaymentIntentSpec.of(MERCHANT, "ORDER-S2", 1_500, "jpy"),
                PaymentIntentEvent.SUCCEEDED);

        PaymentIntent pi = (PaymentIntent) construct(n, MERCHANT.endpointSecret(), CLOCK).getDataObjectDeserializer()
            .getObject()
            .orElseThrow();
        assertThat(pi.getAmount()).isEqualTo(1_500L);
        assertThat(pi.getCurrency()).isEqualTo("jpy");
    }

    @Test
    void aFailedAttemptLeavesThePaymentIntentOpen() throws Exception {
        SignedNotification n = events.paymentIntent(PaymentIntentSpec.of(MERCHANT, "ORDER-S3", 900, "usd"),
                PaymentIntentEvent.PAYMENT_FAILED);

        PaymentIntent pi = (PaymentIntent) construct(n, MERCHANT.endpointSecret(), CLOCK).getDataObjectDeserializer()
            .getObject()
            .orElseThrow();
        assertThat(pi.getStatus()).isEqualTo("requires_payment_method");
        assertThat(pi.getAmountReceived()).isZero();
        assertThat(pi.getLastPaymentError().getCode()).isEqualTo("card_declined");
    }

    @Test
    void refundEventsDeserializeToARefundWithOurNumbers() throws Exception {
        PaymentIntentSpec payment = PaymentIntentSpec.of(MERCHANT, "ORDER-S4", 3_000, "eur");
        RefundSpec spec = RefundSpec.of(payment, "RF-1", 1_000);

        for (String type : List.of("refund.created", "refund.updated", "refund.failed")) {
            RefundSpec withStatus = type.equals("refund.failed") ? spec.withStatus("failed") : spec;
            Event event = construct(events.refund(withStatus, type), MERCHANT.endpointSecret(), CLOCK);

            Refund refund = (Refund) event.getDataObjectDeserializer().getObject().orElseThrow();
            assertThat(event.getType()).isEqualTo(type);
            assertThat(refund.getId()).isEqualTo(spec.refundId()).startsWith("re_");
            assertThat(refund.getAmount()).isEqualTo(1_000L);
            assertThat(refund.getCurrency()).isEqualTo("eur");
            assertThat(refund.getStatus()).isEqualTo(withStatus.status());
            assertThat(refund.getPaymentIntent()).isEqualTo(payment.paymentIntentId());
            assertThat(refund.getCharge()).isEqualTo(payment.chargeId());
            assertThat(refund.getMetadata()).containsEntry("refund_no", "RF-1")
                .containsEntry("out_trade_no", "ORDER-S4");
        }
    }

    @Test
    void chargeRefundedCarriesTheChargeAndItsPreviousAttributes() throws Exception {
        RefundSpec spec = RefundSpec.of(PaymentIntentSpec.of(MERCHANT, "ORDER-S5", 3_000, "usd"), "RF-2", 3_000);

        Event event = construct(events.chargeRefunded(spec, 3_000), MERCHANT.endpointSecret(), CLOCK);

        Charge charge = (Charge) event.getDataObjectDeserializer().getObject().orElseThrow();
        assertThat(charge.getAmountRefunded()).isEqualTo(3_000L);
        assertThat(charge.getRefunded()).isTrue();
        assertThat(event.getData().getPreviousAttributes()).containsEntry("refunded", false);
    }

    @Test
    void theHeaderIsTimestampV1AndATestModeV0() throws Exception {
        SignedNotification n = events.paymentIntent(PaymentIntentSpec.of(MERCHANT, "ORDER-S6", 100, "usd"),
                PaymentIntentEvent.SUCCEEDED);

        String header = n.header("Stripe-Signature");
        assertThat(header).matches("t=" + NOW.getEpochSecond() + ",v1=[0-9a-f]{64},v0=[0-9a-f]{64}");
        String v1 = header.split(",")[1].substring(3);
        assertThat(v1)
            .isEqualTo(Webhook.Util.computeHmacSha256(MERCHANT.endpointSecret(), NOW.getEpochSecond() + "." + body(n)));
        assertThat(n.header("Content-Type")).isEqualTo("application/json; charset=utf-8");
        assertThat(n.header("User-Agent")).startsWith("Stripe/1.0");
    }

    @Test
    void duringASecretRollEitherSecretVerifies() throws Exception {
        StripeMerchant rolled = MERCHANT.withEndpointSecret(StripeIds.endpointSecret());
        byte[] body = events
            .paymentIntent(PaymentIntentSpec.of(MERCHANT, "ORDER-S7", 100, "usd"), PaymentIntentEvent.SUCCEEDED)
            .body();

        SignedNotification n = StripeEvents.sign("evt_roll", "payment_intent.succeeded", body, NOW.getEpochSecond(),
                List.of(rolled.endpointSecret(), MERCHANT.endpointSecret()));

        assertThat(n.header("Stripe-Signature")).matches("t=\\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64},v0=[0-9a-f]{64}");
        assertThat(construct(n, rolled.endpointSecret(), CLOCK).getId()).isNotBlank();
        assertThat(construct(n, MERCHANT.endpointSecret(), CLOCK).getId()).isNotBlank();
    }

    @Test
    void theSdkRefusesTamperedBodiesOtherSecretsAndOldTimestamps() {
        SignedNotification n = events.paymentIntent(PaymentIntentSpec.of(MERCHANT, "ORDER-S8", 100, "usd"),
                PaymentIntentEvent.SUCCEEDED);
        SignedNotification tampered = n
            .withBody(body(n).replace("\"amount\": 100", "\"amount\": 1").getBytes(StandardCharsets.UTF_8));

        assertThatThrownBy(() -> construct(tampered, MERCHANT.endpointSecret(), CLOCK))
            .isInstanceOf(SignatureVerificationException.class);
        assertThatThrownBy(() -> construct(n, StripeIds.endpointSecret(), CLOCK))
            .isInstanceOf(SignatureVerificationException.class);
        assertThatThrownBy(() -> construct(n, MERCHANT.endpointSecret(), Clock.offset(CLOCK, Duration.ofSeconds(301))))
            .isInstanceOf(SignatureVerificationException.class);
    }

    @Test
    void aResignKeepsTheBytesAndTakesAFreshTimestamp() throws Exception {
        SignedNotification n = events.paymentIntent(PaymentIntentSpec.of(MERCHANT, "ORDER-S9", 100, "usd"),
                PaymentIntentEvent.SUCCEEDED);
        Clock later = Clock.offset(CLOCK, Duration.ofHours(2));

        SignedNotification again = new StripeEvents(later).resign(n, MERCHANT);

        assertThat(again.body()).isEqualTo(n.body());
        assertThat(again.id()).isEqualTo(n.id());
        assertThat(again.header("Stripe-Signature")).startsWith("t=" + later.instant().getEpochSecond() + ",v1=");
        assertThat(construct(again, MERCHANT.endpointSecret(), later).getId()).isEqualTo(n.id());
    }

    @Test
    void theBodyIsPrettyPrintedInStripesFieldOrder() {
        SignedNotification direct = events.paymentIntent(PaymentIntentSpec.of(MERCHANT, "ORDER-S10", 100, "usd"),
                PaymentIntentEvent.SUCCEEDED);
        SignedNotification connect = events.paymentIntent(
                PaymentIntentSpec.of(MERCHANT, "ORDER-S10", 100, "usd").withConnect(true),
                PaymentIntentEvent.SUCCEEDED);

        assertThat(body(direct)).startsWith("{\n  \"id\": \"evt_")
            .contains("\n  \"object\": \"event\",\n  \"api_version\": ");
        assertThat(fieldNames(direct)).containsExactly("id", "object", "api_version", "created", "data", "livemode",
                "pending_webhooks", "request", "type");
        assertThat(fieldNames(connect)).containsExactly("id", "object", "account", "api_version", "created", "data",
                "livemode", "pending_webhooks", "request", "type");
        assertThat(JSON.readTree(connect.body()).path("account").asString()).isEqualTo(MERCHANT.account());
        assertThat(body(direct)).contains("\"payment_method_types\": [\n        \"card\"\n      ]");
    }

    private static Event construct(SignedNotification n, String secret, Clock clock)
            throws SignatureVerificationException {
        return Webhook.constructEvent(body(n), n.header("Stripe-Signature"), secret, Webhook.DEFAULT_TOLERANCE, clock);
    }

    private static String body(SignedNotification n) {
        return new String(n.body(), StandardCharsets.UTF_8);
    }

    private static List<String> fieldNames(SignedNotification n) {
        JsonNode root = JSON.readTree(n.body());
        return root.propertyNames().stream().toList();
    }

}
