package io.paypipe.sandbox.stripe;

/**
 * One answer of the sandbox's Stripe API: HTTP status and JSON body; {@code replayed}
 * when it is a saved answer returned for a repeated idempotency key
 * ({@code Idempotent-Replayed: true}); {@code lost} when the caller must not get it
 * (held, then a 504).
 */
public record StripeApiResponse(int status, String body, boolean replayed, boolean lost) {

    static StripeApiResponse of(int status, String body) {
        return new StripeApiResponse(status, body, false, false);
    }

    StripeApiResponse asReplay() {
        return new StripeApiResponse(status, body, true, false);
    }

    StripeApiResponse asLost() {
        return new StripeApiResponse(status, body, replayed, true);
    }

    /**
     * Whether Stripe keeps it under the idempotency key: every answer of a request the
     * API ran (successes and 5xx alike), not a front-door 503, a request that timed out
     * before it ran (a held 504) or a request refused before it ran (4xx).
     */
    boolean saved() {
        return status < 400 || (status >= 500 && status != 503 && !(lost && status == 504));
    }

}
