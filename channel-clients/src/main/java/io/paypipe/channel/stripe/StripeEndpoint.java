package io.paypipe.channel.stripe;

import java.time.Duration;
import java.util.Objects;

/**
 * Where Stripe's API is and how long a call may take, as the calling service's
 * configuration says.
 *
 * @param apiBase the API base ({@code https://api.stripe.com} in production, the
 * sandbox's {@code /sandbox/stripe} locally)
 * @param connectTimeout bound on connecting
 * @param readTimeout bound on waiting for the answer; a call that takes longer has no
 * answer
 * @param maxNetworkRetries stripe-java's own retries of a failed call (same idempotency
 * key); 0 leaves every retry to the caller
 */
public record StripeEndpoint(String apiBase, Duration connectTimeout, Duration readTimeout, int maxNetworkRetries) {

    public StripeEndpoint {
        Objects.requireNonNull(apiBase, "apiBase");
        if (connectTimeout == null || !connectTimeout.isPositive() || readTimeout == null
                || !readTimeout.isPositive()) {
            throw new IllegalArgumentException("the Stripe connect and read timeouts must be positive");
        }
        if (maxNetworkRetries < 0) {
            throw new IllegalArgumentException("maxNetworkRetries must not be negative");
        }
    }

}
