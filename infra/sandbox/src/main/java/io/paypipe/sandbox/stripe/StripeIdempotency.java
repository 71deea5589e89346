package io.paypipe.sandbox.stripe;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Stripe's idempotent requests: per account, the first answer to a key is saved with the
 * request's parameters and returned to every later request with that key (a replay); the
 * same key with other parameters is an {@code idempotency_error}. Keys are pruned once
 * older than {@code ttl} (Stripe: at least 24 hours), after which the key is new again.
 * Requests with one key run one at a time (Stripe answers a concurrent one 409; here it
 * waits for the first and gets its answer).
 */
final class StripeIdempotency {

    private final Map<String, Slot> slots = new ConcurrentHashMap<>();

    private final Clock clock;

    private final Duration ttl;

    StripeIdempotency(Clock clock, Duration ttl) {
        this.clock = clock;
        this.ttl = ttl;
    }

    private static final class Slot {

        private String fingerprint;

        private StripeApiResponse saved;

        private Instant savedAt;

    }

    /**
     * Runs {@code request} under {@code key} of {@code account} unless an answer is saved
     * for it; {@code fingerprint} names the request's parameters.
     */
    StripeApiResponse run(String account, String key, String fingerprint, Supplier<StripeApiResponse> request) {
        Slot slot = slots.computeIfAbsent(account + "\n" + key, k -> new Slot());
        synchronized (slot) {
            Instant now = clock.instant();
            if (slot.saved != null && slot.savedAt.plus(ttl).isAfter(now)) {
                if (!slot.fingerprint.equals(fingerprint)) {
                    return StripeApiErrors.idempotencyMismatch(key);
                }
                return slot.saved.asReplay();
            }
            StripeApiResponse answer = request.get();
            if (answer.saved()) {
                slot.fingerprint = fingerprint;
                slot.saved = answer;
                slot.savedAt = now;
            }
            return answer;
        }
    }

}
