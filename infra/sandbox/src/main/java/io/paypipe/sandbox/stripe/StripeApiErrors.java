package io.paypipe.sandbox.stripe;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Stripe's error answers: {@code {"error": {"code", "doc_url", "message", "param",
 * "type"}}} with the HTTP status stripe-java maps to its exceptions (400 / 404
 * {@code InvalidRequestException}, 401 {@code AuthenticationException}, 400
 * {@code idempotency_error} {@code IdempotencyException}, 500 {@code ApiException}).
 */
final class StripeApiErrors {

    private StripeApiErrors() {
    }

    static StripeApiResponse missingKey() {
        return error(401, null,
                "You did not provide an API key. You need to provide your API key in the"
                        + " Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
                null, "invalid_request_error");
    }

    static StripeApiResponse invalidKey(String key) {
        String shown = key.length() > 4
                ? key.substring(0, Math.min(8, key.length() - 4)) + "****" + key.substring(key.length() - 4) : "****";
        return error(401, null, "Invalid API Key provided: " + shown, null, "invalid_request_error");
    }

    static StripeApiResponse noSuch(String what, String id, String param) {
        return error(404, "resource_missing", "No such " + what + ": '" + id + "'", param, "invalid_request_error");
    }

    static StripeApiResponse invalid(String code, String message, String param) {
        return error(400, code, message, param, "invalid_request_error");
    }

    static StripeApiResponse idempotencyMismatch(String key) {
        return error(400, null,
                "Keys for idempotent requests can only be used with the same parameters they were"
                        + " first used with. Try using a key other than '" + key
                        + "' if you meant to execute a different request.",
                null, "idempotency_error");
    }

    static StripeApiResponse unavailable() {
        return error(503, null, "Stripe is temporarily unavailable. Please try again later.", null, "api_error");
    }

    /**
     * 429 {@code rate_limit}: Stripe's rate limiter refused the call
     * (support.stripe.com/questions/rate-limit-error-when-creating-bulk-api-requests: "If
     * you have received the rate_limit error message..."; stripe-java maps a 429 to its
     * {@code RateLimitException}).
     */
    static StripeApiResponse rateLimited() {
        return error(429, "rate_limit",
                "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.",
                null, "invalid_request_error");
    }

    /** 500 {@code api_error}: something went wrong on Stripe's end. */
    static StripeApiResponse apiError() {
        return error(500, null, "An unknown error occurred", null, "api_error");
    }

    /**
     * 400 {@code payment_intent_unexpected_state} for a cancel of a PaymentIntent past
     * canceling, the PaymentIntent in the error's {@code payment_intent}. Source:
     * docs.stripe.com/api/payment_intents/cancel ("You can cancel a PaymentIntent object
     * when it's in one of these statuses: requires_payment_method, requires_capture,
     * requires_confirmation, requires_action or, in rare cases, processing ... Returns an
     * error if the PaymentIntent is already canceled or isn't in a cancelable state") and
     * docs.stripe.com/error-codes ({@code payment_intent_unexpected_state}: the
     * PaymentIntent's state was incompatible with the operation).
     */
    static StripeApiResponse cannotCancel(String status, Map<String, Object> paymentIntent) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", "payment_intent_unexpected_state");
        error.put("doc_url", "https://stripe.com/docs/error-codes/payment-intent-unexpected-state");
        error.put("message", "You cannot cancel this PaymentIntent because it has a status of " + status
                + ". Only a PaymentIntent with one of the following statuses may be canceled:"
                + " requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.");
        error.put("payment_intent", paymentIntent);
        error.put("type", "invalid_request_error");
        return StripeApiResponse.of(400, StripeJson.pretty(Map.of("error", error)) + "\n");
    }

    private static StripeApiResponse error(int status, String code, String message, String param, String type) {
        Map<String, Object> error = new LinkedHashMap<>();
        if (code != null) {
            error.put("code", code);
            error.put("doc_url", "https://stripe.com/docs/error-codes/" + code.replace('_', '-'));
        }
        error.put("message", message);
        if (param != null) {
            error.put("param", param);
        }
        error.put("type", type);
        return StripeApiResponse.of(status, StripeJson.pretty(Map.of("error", error)) + "\n");
    }

}
