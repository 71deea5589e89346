package io.paypipe.ingress.stripe;

import static io.paypipe.ingress.stripe.StripeFixtures.FUZZ;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.ingress.callback.BodyFingerprint;
import io.paypipe.sandbox.stripe.PaymentIntentEvent;
import io.paypipe.sandbox.stripe.PaymentIntentSpec;
import io.paypipe.sandbox.stripe.RefundSpec;
import io.paypipe.sandbox.stripe.StripeEvents;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * 10,000 generated deliveries at {@code /notify/stripe}: events of every kind with mutated bytes, JSON values,
 * signatures and content types; half of the body mutations signed again with the right secret so that they
 * get past the signature into parsing and classification. Set {@code -Dpaypipe.fuzz.seed=...} to replay a run.
 */
class StripeCallbackFuzzIntegrationTest extends StripeCallbackIntegrationSupport {

    private static final int DELIVERIES = 10_000;
    private static final int CONCURRENCY = 4;

    @Test
    void tenThousandMutatedDeliveriesNeverCrashNorStoreAnInvalidOne() throws Exception {
        // Given a seeded generator
        long seed = Long.getLong("paypipe.fuzz.seed", new Random().nextLong());
        System.out.println("StripeCallbackFuzzIntegrationTest seed=" + seed + " (replay with -Dpaypipe.fuzz.seed=" + seed + ")");
        Random random = new Random(seed);
        List<Delivery> deliveries = new ArrayList<>(DELIVERIES);
        StripeMutations mutations = new StripeMutations(random);
        for (int i = 0; i < DELIVERIES; i++) {
            deliveries.add(generate(i, random, mutations));
        }

        // When they are sent, four at a time
        long started = System.nanoTime();
        Set<String> accepted = ConcurrentHashMap.newKeySet();
        Set<String> refused = ConcurrentHashMap.newKeySet();
        Set<String> transientlyFailed = ConcurrentHashMap.newKeySet();
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        List<String> crashes = new java.util.concurrent.CopyOnWriteArrayList<>();
        Semaphore inFlight = new Semaphore(CONCURRENCY);
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> sent = new ArrayList<>();
            for (Delivery d : deliveries) {
                sent.add(executor.submit(() -> {
                    inFlight.acquire();
                    try {
                        HttpResponse<String> response = post(d.body(), d.headers(), d.contentType());
                        statuses.computeIfAbsent(response.statusCode(), s -> new AtomicInteger()).incrementAndGet();
                        int status = response.statusCode();
                        // 503: a valid delivery the broker did not confirm in time on a loaded machine (stored, retried)
                        (status / 100 == 2 ? accepted : status == 503 ? transientlyFailed : refused).add(hash(d.body()));
                        if ((status >= 500 && status != 503) || response.body().contains("Exception")
                                || response.body().contains("at io.")) {
                            crashes.add(d.kind() + " -> " + response.statusCode() + " " + response.body());
                        }
                    } finally {
                        inFlight.release();
                    }
                    return null;
                }));
            }
            for (Future<?> f : sent) {
                f.get();
            }
        }
        long tookMs = (System.nanoTime() - started) / 1_000_000;
        System.out.println("StripeCallbackFuzzIntegrationTest: " + DELIVERIES + " deliveries in " + tookMs + " ms, statuses "
                + new TreeMap<>(statuses) + ", accepted " + accepted.size());

        // Then no crash, no stack trace
        assertThat(crashes).isEmpty();
        assertThat(statuses.values().stream().mapToInt(AtomicInteger::get).sum()).isEqualTo(DELIVERIES);
        // And every stored row is the body of an accepted delivery, never of a refused one
        List<String> stored = storedBodies();
        assertThat(stored).isNotEmpty().allSatisfy(h -> {
            assertThat(refused).doesNotContain(h);
            assertThat(accepted.contains(h) || transientlyFailed.contains(h)).isTrue();
        });
        assertThat((long) stored.size()).isEqualTo(rowsOf(FUZZ.account()))
                .isLessThanOrEqualTo(accepted.size() + transientlyFailed.size());
        // And the service still answers
        assertThat(get("/actuator/health").statusCode()).isEqualTo(200);
        assertThat(post(EVENTS.paymentIntent(PaymentIntentSpec.of(FUZZ, "FUZZ-AFTER-" + seed, 100, "usd"),
                PaymentIntentEvent.SUCCEEDED)).statusCode()).isEqualTo(200);
    }

    private record Delivery(String kind, byte[] body, Map<String, String> headers, String contentType) {
    }

    private static Delivery generate(int i, Random random, StripeMutations mutations) {
        SignedNotification event = event(i, random);
        byte[] body = event.body();
        String header = event.header("Stripe-Signature");
        int kind = random.nextInt(100);
        String name;
        if (kind < 10) {
            name = "valid";
        } else if (kind < 35) {
            name = "json";
            body = mutations.mutateJson(body);
            header = sign(body);
        } else if (kind < 50) {
            name = "text";
            body = mutations.mutateText(body);
            header = random.nextBoolean() ? sign(body) : header;
        } else if (kind < 70) {
            name = "bytes";
            body = mutations.mutateBytes(body);
            header = random.nextBoolean() ? sign(body) : header;
        } else if (kind < 92) {
            name = "header";
            header = mutations.mutateHeader(header);
        } else {
            name = "content-type";
        }
        Map<String, String> headers = new LinkedHashMap<>();
        if (header != null) {
            headers.put("Stripe-Signature", header);
        }
        String contentType = name.equals("content-type") ? mutations.contentType() : "application/json; charset=utf-8";
        return new Delivery(name, body, headers, contentType == null || contentType.isEmpty() ? null : contentType);
    }

    /** A fresh event of a random kind for the fuzz account (unique ids, so every body is unique). */
    private static SignedNotification event(int i, Random random) {
        PaymentIntentSpec payment = PaymentIntentSpec.of(FUZZ, "FUZZ-" + i, 1 + random.nextInt(100_000),
                List.of("usd", "jpy", "eur").get(random.nextInt(3))).withConnect(random.nextInt(4) == 0);
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
        return StripeEvents.sign("evt_fuzz", "fuzz", body, Instant.now().getEpochSecond(), List.of(FUZZ.endpointSecret()))
                .header("Stripe-Signature");
    }

    private List<String> storedBodies() {
        List<String> bodies = new ArrayList<>();
        for (String table : List.of("pay_notify_raw", "pay_refund_raw", "pay_notify_event")) {
            bodies.addAll(jdbc.sql("SELECT raw_body FROM " + table + " WHERE merchant_id = :m")
                    .param("m", FUZZ.account()).query(String.class).list().stream()
                    .map(b -> hash(b.getBytes(StandardCharsets.UTF_8))).toList());
        }
        return bodies;
    }

    private static String hash(byte[] body) {
        return BodyFingerprint.of(body).toString();
    }
}
