package io.paypipe.sandbox.stripe;

/**
 * The PaymentIntent events Stripe sends, with the PaymentIntent's {@code status} at that
 * moment.
 */
public enum PaymentIntentEvent {

    CREATED("payment_intent.created", "requires_payment_method"), PROCESSING("payment_intent.processing", "processing"),
    REQUIRES_ACTION("payment_intent.requires_action", "requires_action"),
    /**
     * A failed attempt: the PaymentIntent goes back to requires_payment_method and can
     * still succeed.
     */
    PAYMENT_FAILED("payment_intent.payment_failed", "requires_payment_method"),
    SUCCEEDED("payment_intent.succeeded", "succeeded"), CANCELED("payment_intent.canceled", "canceled");

    private final String type;

    private final String status;

    PaymentIntentEvent(String type, String status) {
        this.type = type;
        this.status = status;
    }

    public String type() {
        return type;
    }

    public String status() {
        return status;
    }

}
