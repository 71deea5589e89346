package io.paypipe.sandbox.stripe;

import io.paypipe.sandbox.stripe.StripePaymentBook.Payment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The PaymentIntent as Stripe's PaymentIntents API answers it (retrieve, search, cancel),
 * with the field names and order of its webhook events ({@link StripeObjects}) and its
 * current status: {@code amount_received} and {@code latest_charge} once succeeded,
 * {@code canceled_at} and {@code cancellation_reason} once canceled.
 */
final class PaymentIntentObjects {

    private PaymentIntentObjects() {
    }

    static Map<String, Object> paymentIntent(Payment payment) {
        PaymentIntentSpec spec = payment.spec();
        String status = payment.status();
        boolean succeeded = status.equals("succeeded");
        boolean attempted = succeeded || status.equals("processing") || status.equals("requires_action");
        Map<String, Object> pi = new LinkedHashMap<>();
        pi.put("id", spec.paymentIntentId());
        pi.put("object", "payment_intent");
        pi.put("amount", spec.amount());
        pi.put("amount_capturable", 0L);
        pi.put("amount_details", Map.of("tip", Map.of()));
        pi.put("amount_received", succeeded ? spec.amountReceived() : 0L);
        pi.put("application", null);
        pi.put("application_fee_amount", null);
        pi.put("canceled_at", payment.canceledAt());
        pi.put("cancellation_reason", payment.cancellationReason());
        pi.put("capture_method", "automatic_async");
        pi.put("confirmation_method", "automatic");
        pi.put("created", payment.created());
        pi.put("currency", spec.currency());
        pi.put("customer", null);
        pi.put("description", null);
        pi.put("last_payment_error", null);
        pi.put("latest_charge", attempted ? spec.chargeId() : null);
        pi.put("livemode", false);
        Map<String, Object> metadata = new LinkedHashMap<>();
        if (spec.outTradeNo() != null) {
            metadata.put("out_trade_no", spec.outTradeNo());
        }
        pi.put("metadata", metadata);
        pi.put("next_action", null);
        pi.put("on_behalf_of", null);
        pi.put("payment_method", attempted ? spec.paymentMethodId() : null);
        pi.put("payment_method_types", List.of("card"));
        pi.put("receipt_email", null);
        pi.put("setup_future_usage", null);
        pi.put("shipping", null);
        pi.put("statement_descriptor", null);
        pi.put("status", status);
        pi.put("transfer_data", null);
        pi.put("transfer_group", null);
        return pi;
    }

    /** {@code GET /v1/payment_intents/search}'s answer: one page, nothing after it. */
    static Map<String, Object> searchResult(List<Payment> found) {
        List<Object> data = new ArrayList<>();
        found.forEach(p -> data.add(paymentIntent(p)));
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("object", "search_result");
        result.put("data", data);
        result.put("has_more", false);
        result.put("next_page", null);
        result.put("url", "/v1/payment_intents/search");
        return result;
    }

}
