package io.paypipe.ingress.stripe;

import static io.paypipe.ingress.stripe.StripeFixtures.FUZZ;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.ingress.callback.BodyFingerprint;
import io.paypipe.ingress.callback.CallbackFuzzer;
import io.paypipe.ingress.callback.FuzzFailures;
import io.paypipe.ingress.callback.FuzzRequest;
import io.paypipe.sandbox.stripe.PaymentIntentEvent;
import io.paypipe.sandbox.stripe.PaymentIntentSpec;
import io.paypipe.sandbox.stripe.RefundSpec;
import io.paypipe.sandbox.stripe.StripeEvents;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * 10,000 generated deliveries at {@code /notify/stripe} through {@link CallbackFuzzer}:
 * events of every kind with mutated bytes, JSON values, signatures and content types;
 * half of the body mutations signed again with the right secret so that they get past the
 * signature into parsing and classification. A 2xx only for a delivery the oracle shows
 * genuine on its own ({@link StripeGenuineDelivery}: HMAC-SHA256 over {@code t.body} of
 * the bytes sent); every other one gets a non-2xx, a 503 only a genuine one.
 * {@code -Dpaypipe.fuzz.seed=N} repeats a run; failing mutants go to
 * {@code target/fuzz-failures/stripe-<seed>/}.
 */
class StripeCallbackFuzzIntegrationTest extends StripeCallbackIntegrationSupport {

    private static final int DELIVERIES = 10_000;

    private static final int CONCURRENCY = 4;

    private static final StripeGenuineDelivery GENUINE = new StripeGenuineDelivery(FUZZ.endpointSecret(),
            Duration.ofSeconds(300));

    private final Set<String> accepted = ConcurrentHashMap.newKeySet();

    private final Set<String> refused = ConcurrentHashMap.newKeySet();

    private final Set<String> transientlyFailed = ConcurrentHashMap.newKeySet();

    @Test
    void tenThousandMutatedDeliveriesAreAcceptedOnlyWhenGenuineAndNeverCrash() throws Exception {
        // Given a seeded generator
        CallbackFuzzer fuzzer = new CallbackFuzzer(CallbackFuzzer.newSeed(getClass().getSimpleName()),
                CallbackFuzzer.BodyFormat.JSON, 64 * 1024);
        FuzzFailures failures = new FuzzFailures("stripe", fuzzer.seed(), "/notify/stripe", port, MERCHANTS_FILE);

        // When they are sent, four at a time
        CallbackFuzzer.Report report;
        try (HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            report = fuzzer.run(DELIVERIES, StripeCallbackFuzzIntegrationTest::generate, CONCURRENCY,
                    FuzzRequest.http(http, URI.create("http://127.0.0.1:" + port + "/notify/stripe")),
                    this::stripeRules, failures);
        }
        System.out.println("StripeCallbackFuzzIntegrationTest: " + report.sent() + " deliveries in "
                + report.took().toMillis() + " ms, statuses " + report.statuses() + ", accepted " + accepted.size());

        // Then every answer kept the rules
        report.assertNoFindings();
        assertThat(report.statuses().values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(DELIVERIES);
        // And every stored row is the body of a genuine delivery, never of a refused one
        List<String> stored = storedBodies();
        assertThat(stored).isNotEmpty().allSatisfy(h -> {
            assertThat(refused).doesNotContain(h);
            assertThat(accepted.contains(h) || transientlyFailed.contains(h)).isTrue();
        });
        assertThat((long) stored.size()).isEqualTo(rowsOf(FUZZ.account()))
            .isLessThanOrEqualTo(accepted.size() + transientlyFailed.size());
        // And the service still answers
        assertThat(get("/actuator/health").statusCode()).isEqualTo(200);
        assertThat(post(EVENTS.paymentIntent(PaymentIntentSpec.of(FUZZ, "FUZZ-AFTER-" + report.seed(), 100, "usd"),
                PaymentIntentEvent.SUCCEEDED))
            .statusCode()).isEqualTo(200);
    }

    @ParameterizedTest
    @ValueSource(strings = { "\"uKb/ClQF9%", "\"application/json\"" })
    void aContentTypeSpringCannotParseGets415AndTheFailAckNotA500(String contentType) throws Exception {
        // Given a valid event sent with a Content-Type that starts with a quote
        String out = StripeFixtures.newOutTradeNo();
        SignedNotification n = EVENTS.paymentIntent(PaymentIntentSpec.of(StripeFixtures.SHOP_A, out, 100, "usd"),
                PaymentIntentEvent.SUCCEEDED);

        // When
        var response = post(n.body(), n.headers(), contentType);

        // Then it is refused like any unusable content type, and nothing is stored
        assertThat(response.statusCode()).isEqualTo(415);
        assertIsFailAck(response);
        assertThat(rawRows(out)).isEmpty();
    }

    /**
     * Stripe's rules: a 2xx only for a genuine delivery; a 503 only for a genuine one; no
     * other 5xx.
     */
    private Optional<String> stripeRules(CallbackFuzzer.Mutant mutant, FuzzRequest.Response response) {
        int status = response.status();
        String hash = hash(mutant.request().body());
        Optional<String> notGenuine = GENUINE.whyNotGenuine(mutant.request(), Instant.now());
        if (status / 100 == 2 || status == 503) {
            (status == 503 ? transientlyFailed : accepted).add(hash);
            return notGenuine
                .map(why -> (status == 503 ? "503" : "accepted") + " for a delivery that is not genuine: " + why);
        }
        refused.add(hash);
        return status >= 500 ? Optional.of("status " + status) : Optional.empty();
    }

    /**
     * Case {@code i}: a fresh event of a random kind for the fuzz account (unique ids),
     * mutated one way.
     */
    private static CallbackFuzzer.Mutant generate(long i, Random random) {
        StripeMutations mutations = new StripeMutations(random);
        SignedNotification event = event(i, random);
        byte[] body = event.body();
        String header = event.header("Stripe-Signature");
        int kind = random.nextInt(100);
        String name;
        boolean resigned = false;
        if (kind < 10) {
            name = "valid";
        }
        else if (kind < 35) {
            name = "json";
            body = mutations.mutateJson(body);
            header = sign(body);
            resigned = true;
        }
        else if (kind < 70) {
            name = kind < 50 ? "text" : "bytes";
            body = kind < 50 ? mutations.mutateText(body) : mutations.mutateBytes(body);
            resigned = random.nextBoolean();
            header = resigned ? sign(body) : header;
        }
        else if (kind < 92) {
            name = "header";
            header = mutations.mutateHeader(header);
        }
        else {
            name = "content-type";
        }
        String contentType = name.equals("content-type") ? mutations.contentType() : "application/json; charset=utf-8";
        return new CallbackFuzzer.Mutant(i,
                request(event.body(), event.header("Stripe-Signature"), "application/json; charset=utf-8"),
                request(body, header, contentType), name + (resigned ? " + re-signed" : ""), resigned);
    }

    private static FuzzRequest request(byte[] body, String signature, String contentType) {
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        if (signature != null) {
            headers.add(Map.entry("Stripe-Signature", signature));
        }
        if (contentType != null && !contentType.isEmpty()) {
            headers.add(Map.entry("Content-Type", contentType));
        }
        return new FuzzRequest(body, headers);
    }

    /**
     * A fresh event of a random kind for the fuzz account (unique ids, so every body is
     * unique).
     */
    private static SignedNotification event(long i, Random random) {
        PaymentIntentSpec payment = PaymentIntentSpec
            .of(FUZZ, "FUZZ-" + i, 1 + random.nextInt(100_000), List.of("usd", "jpy", "eur").get(random.nextInt(3)))
            .withConnect(random.nextInt(4) == 0);
        RefundSpec refund = RefundSpec.of(payment, "RF-FUZZ-" + i, 1 + random.nextInt(100));
        return switch (random.nextInt(7)) {
            case 0, 1 -> EVENTS.paymentIntent(payment, PaymentIntentEvent.SUCCEEDED);
            case 2 -> EVENTS.paymentIntent(payment, PaymentIntentEvent.CANCELED);
            case 3 -> EVENTS.paymentIntent(payment, PaymentIntentEvent.PAYMENT_FAILED);
            case 4 -> EVENTS.refund(refund, "refund.updated");
            case 5 -> EVENTS.refund(refund.withStatus("failed"), "refund.failed");
            default -> EVENTS.chargeRefunded(refund, 100);
        };
    }

    private static String sign(byte[] body) {
        return StripeEvents
            .sign("evt_fuzz", "fuzz", body, Instant.now().getEpochSecond(), List.of(FUZZ.endpointSecret()))
            .header("Stripe-Signature");
    }

    private List<String> storedBodies() {
        List<String> bodies = new ArrayList<>();
        for (String table : List.of("pay_notify_raw", "pay_refund_raw", "pay_notify_event")) {
            bodies.addAll(jdbc.sql("SELECT raw_body FROM " + table + " WHERE merchant_id = :m")
                .param("m", FUZZ.account())
                .query(String.class)
                .list()
                .stream()
                .map(b -> hash(b.getBytes(StandardCharsets.UTF_8)))
                .toList());
        }
        return bodies;
    }

    private static String hash(byte[] body) {
        return BodyFingerprint.of(body).toString();
    }

}
