package io.paypipe.sandbox.stripe;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The sandbox's Stripe APIs: refunds and reports ({@code sandbox.stripe.*}).
 *
 * @param refundSettleDelay how long a {@code pending} refund takes to succeed or fail
 * @param lostAnswerHold how long the API sits on a lost answer (scenario
 * {@code ANSWER_LOST}) before it answers 504; longer than the caller's read timeout
 * @param idempotencyKeyTtl how long an idempotency key's answer is kept (Stripe: keys may
 * be pruned once 24 hours old)
 * @param reportRunDelay how long a report run stays {@code pending}: it finishes at the
 * first reading this long or more after its creation (0: the first reading)
 */
@ConfigurationProperties("sandbox.stripe")
public record StripeRefundProperties(@DefaultValue("2s") Duration refundSettleDelay,
        @DefaultValue("30s") Duration lostAnswerHold, @DefaultValue("24h") Duration idempotencyKeyTtl,
        @DefaultValue("0s") Duration reportRunDelay) {
}
