package io.paypipe.refund.channel.stripe;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where refund-service calls Stripe ({@code refund.stripe.*}).
 *
 * @param apiBase the API base ({@code https://api.stripe.com} in production); by default
 * the local sandbox's
 * @param connectTimeout bound on connecting; the read timeout is
 * {@code refund.channel-call-timeout}
 * @param maxNetworkRetries stripe-java's own retries of a failed call (same idempotency
 * key); 0 leaves every retry to the refund query ladder
 */
@ConfigurationProperties("refund.stripe")
public record StripeRefundsProperties(@DefaultValue("http://127.0.0.1:8090/sandbox/stripe") String apiBase,
        @DefaultValue("3s") Duration connectTimeout, @DefaultValue("0") int maxNetworkRetries) {
}
