package io.paypipe.sandbox.stripe;

/**
 * How the sandbox's Stripe treats the next refund created on a PaymentIntent
 * ({@code POST /v1/refunds}; an idempotent replay takes none). Set per PaymentIntent with
 * {@link StripePaymentBook#nextRefunds}; without one, {@link #PENDING_THEN_SUCCEEDED}.
 */
public enum StripeRefundScenario {

    /**
     * Created {@code pending} ({@code refund.created}), {@code succeeded} after
     * {@code sandbox.stripe.refund-settle-delay} ({@code refund.updated},
     * {@code charge.refunded}).
     */
    PENDING_THEN_SUCCEEDED,

    /**
     * Created {@code succeeded} at once ({@code refund.created},
     * {@code charge.refunded}).
     */
    SUCCEEDED,

    /**
     * Created {@code pending}, then {@code failed} with {@code failure_reason}
     * {@code insufficient_funds} (the account's balance could not cover it):
     * {@code refund.updated}, {@code refund.failed}.
     */
    PENDING_THEN_FAILED,

    /**
     * Made as {@link #PENDING_THEN_SUCCEEDED} and its answer saved under the idempotency
     * key, but the HTTP answer is held for {@code sandbox.stripe.lost-answer-hold} and
     * then replaced by a 504: the caller times out without knowing.
     */
    ANSWER_LOST,

    /**
     * Stripe's front door answers 503 before the API runs: nothing made, nothing saved
     * under the idempotency key.
     */
    UNAVAILABLE

}
