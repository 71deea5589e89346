package io.paypipe.sandbox.stripe;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The API objects inside {@code data.object}, with Stripe's field names and order (a
 * subset of the fields; no billing details, e-mail or card data: the sandbox has none to
 * give).
 */
final class StripeObjects {

    private StripeObjects() {
    }

    static Map<String, Object> paymentIntent(PaymentIntentSpec spec, PaymentIntentEvent event, long created) {
        boolean succeeded = event == PaymentIntentEvent.SUCCEEDED;
        Map<String, Object> pi = new LinkedHashMap<>();
        pi.put("id", spec.paymentIntentId());
        pi.put("object", "payment_intent");
        pi.put("amount", spec.amount());
        pi.put("amount_capturable", 0L);
        pi.put("amount_details", Map.of("tip", Map.of()));
        pi.put("amount_received", succeeded ? spec.amountReceived() : 0L);
        pi.put("application", null);
        pi.put("application_fee_amount", null);
        pi.put("canceled_at", event == PaymentIntentEvent.CANCELED ? created : null);
        pi.put("cancellation_reason", event == PaymentIntentEvent.CANCELED ? "abandoned" : null);
        pi.put("capture_method", "automatic_async");
        pi.put("confirmation_method", "automatic");
        pi.put("created", created - 2);
        pi.put("currency", spec.currency());
        pi.put("customer", null);
        pi.put("description", null);
        pi.put("last_payment_error", event == PaymentIntentEvent.PAYMENT_FAILED ? declined(spec) : null);
        pi.put("latest_charge", event == PaymentIntentEvent.CREATED ? null : spec.chargeId());
        pi.put("livemode", false);
        pi.put("metadata", metadata(null, spec.outTradeNo()));
        pi.put("next_action", null);
        pi.put("on_behalf_of", null);
        pi.put("payment_method", event == PaymentIntentEvent.CREATED ? null : spec.paymentMethodId());
        pi.put("payment_method_types", List.of("card"));
        pi.put("receipt_email", null);
        pi.put("setup_future_usage", null);
        pi.put("shipping", null);
        pi.put("statement_descriptor", null);
        pi.put("status", event.status());
        pi.put("transfer_data", null);
        pi.put("transfer_group", null);
        return pi;
    }

    static Map<String, Object> refund(RefundSpec spec, long created) {
        Map<String, Object> re = new LinkedHashMap<>();
        re.put("id", spec.refundId());
        re.put("object", "refund");
        re.put("amount", spec.amount());
        re.put("balance_transaction", "failed".equals(spec.status()) || "canceled".equals(spec.status()) ? null
                : StripeIds.balanceTransaction());
        re.put("charge", spec.chargeId());
        re.put("created", created);
        re.put("currency", spec.currency());
        re.put("failure_reason", "failed".equals(spec.status()) ? "expired_or_canceled_card" : null);
        re.put("metadata", metadata(spec.refundNo(), spec.outTradeNo()));
        re.put("payment_intent", spec.paymentIntentId());
        re.put("reason", "requested_by_customer");
        re.put("receipt_number", null);
        re.put("source_transfer_reversal", null);
        re.put("status", spec.status());
        re.put("transfer_reversal", null);
        return re;
    }

    /**
     * A Refund object of the refunds API, as created and kept by the sandbox's Stripe
     * ({@link StripeRefund}): the metadata as its creator sent it, {@code failure_reason}
     * once failed.
     */
    static Map<String, Object> refund(StripeRefund r) {
        Map<String, Object> re = new LinkedHashMap<>();
        re.put("id", r.id());
        re.put("object", "refund");
        re.put("amount", r.amount());
        re.put("balance_transaction", r.balanceTransaction());
        re.put("charge", r.chargeId());
        re.put("created", r.created());
        re.put("currency", r.currency());
        if (r.failureReason() != null) {
            re.put("failure_reason", r.failureReason());
        }
        re.put("metadata", new LinkedHashMap<String, Object>(r.metadata()));
        re.put("payment_intent", r.paymentIntentId());
        re.put("reason", r.reason());
        re.put("receipt_number", null);
        re.put("source_transfer_reversal", null);
        re.put("status", r.status());
        re.put("transfer_reversal", null);
        return re;
    }

    /**
     * The Charge after a refund: {@code amount_refunded}, {@code refunded} (true once
     * fully refunded).
     */
    static Map<String, Object> refundedCharge(RefundSpec spec, long chargeAmount, long created) {
        Map<String, Object> ch = new LinkedHashMap<>();
        ch.put("id", spec.chargeId());
        ch.put("object", "charge");
        ch.put("amount", chargeAmount);
        ch.put("amount_captured", chargeAmount);
        ch.put("amount_refunded", spec.amount());
        ch.put("balance_transaction", StripeIds.balanceTransaction());
        ch.put("captured", true);
        ch.put("created", created - 60);
        ch.put("currency", spec.currency());
        ch.put("livemode", false);
        ch.put("metadata", metadata(null, spec.outTradeNo()));
        ch.put("paid", true);
        ch.put("payment_intent", spec.paymentIntentId());
        ch.put("refunded", spec.amount() >= chargeAmount);
        ch.put("status", "succeeded");
        return ch;
    }

    private static Map<String, Object> declined(PaymentIntentSpec spec) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("charge", spec.chargeId());
        error.put("code", "card_declined");
        error.put("decline_code", "generic_decline");
        error.put("doc_url", "https://stripe.com/docs/error-codes/card-declined");
        error.put("message", "Your card was declined.");
        error.put("type", "card_error");
        return error;
    }

    private static Map<String, Object> metadata(String refundNo, String outTradeNo) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        if (outTradeNo != null) {
            metadata.put("out_trade_no", outTradeNo);
        }
        if (refundNo != null) {
            metadata.put("refund_no", refundNo);
        }
        return metadata;
    }

}
