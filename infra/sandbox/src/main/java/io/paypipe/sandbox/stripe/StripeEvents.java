package io.paypipe.sandbox.stripe;

import io.paypipe.sandbox.wechatpay.SignedNotification;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Builds Stripe webhook deliveries exactly as Stripe sends them: the event
 * ({@code {"id":"evt_...","object":"event","api_version":...,"created":...,"data":{"object":{...}},"livemode":false,
 * "pending_webhooks":1,"request":{...},"type":...}}, pretty-printed like Stripe's), and
 * the headers {@code Content-Type}, {@code Cache-Control}, {@code User-Agent} and
 * {@code Stripe-Signature} (see {@link StripeSignature}). The events are test-mode events
 * ({@code livemode: false}, a {@code v0} signature besides {@code v1}).
 */
public final class StripeEvents {

    /**
     * The API version of the events: stripe-java's {@code Stripe.API_VERSION} (a test
     * checks it), since the SDK deserializes {@code data.object} into its typed model
     * only for its own version.
     */
    public static final String API_VERSION = "2026-07-29.dahlia";

    public static final String USER_AGENT = "Stripe/1.0 (+https://stripe.com/docs/webhooks)";

    private final Clock clock;

    public StripeEvents(Clock clock) {
        this.clock = clock;
    }

    public Clock clock() {
        return clock;
    }

    /** A PaymentIntent event, signed now with the merchant's secret. */
    public SignedNotification paymentIntent(PaymentIntentSpec spec, PaymentIntentEvent event) {
        return paymentIntent(spec, event, now());
    }

    /**
     * A PaymentIntent event created (and signed) at {@code created}, epoch seconds: the
     * time a receiver takes for the payment's (ingress: {@code paid_at}).
     */
    public SignedNotification paymentIntent(PaymentIntentSpec spec, PaymentIntentEvent event, long created) {
        return event(spec.merchant(), spec.connect(), event.type(), StripeObjects.paymentIntent(spec, event, created),
                null, created);
    }

    /**
     * {@code refund.created}, {@code refund.updated} or {@code refund.failed}, signed
     * now.
     */
    public SignedNotification refund(RefundSpec spec, String type) {
        if (!type.startsWith("refund.")) {
            throw new IllegalArgumentException("not a refund event: " + type);
        }
        long created = now();
        return event(spec.merchant(), spec.connect(), type, StripeObjects.refund(spec, created), null, created);
    }

    /**
     * A refund event ({@code refund.created}, {@code refund.updated},
     * {@code refund.failed}) of a refund the sandbox's refunds API keeps, signed now.
     */
    public SignedNotification refund(StripeMerchant merchant, StripeRefund refund, String type) {
        return refund(merchant, refund, type, now());
    }

    /**
     * Like {@link #refund(StripeMerchant, StripeRefund, String)}, created at
     * {@code created} (epoch seconds): a succeeded refund's event gives the time the
     * refund counts as succeeded.
     */
    public SignedNotification refund(StripeMerchant merchant, StripeRefund refund, String type, long created) {
        if (!type.startsWith("refund.")) {
            throw new IllegalArgumentException("not a refund event: " + type);
        }
        return event(merchant, false, type, StripeObjects.refund(refund), null, created);
    }

    /**
     * {@code charge.refunded}: the Charge, with {@code previous_attributes}; it carries
     * no refund number.
     */
    public SignedNotification chargeRefunded(RefundSpec spec, long chargeAmount) {
        long created = now();
        Map<String, Object> previous = new LinkedHashMap<>();
        previous.put("amount_refunded", 0L);
        previous.put("refunded", false);
        return event(spec.merchant(), spec.connect(), "charge.refunded",
                StripeObjects.refundedCharge(spec, chargeAmount, created), previous, created);
    }

    /**
     * Any body bytes, signed now with {@code merchant}'s secret (for tests: tampered or
     * hand-made events).
     */
    public SignedNotification sign(StripeMerchant merchant, String eventId, String type, byte[] body) {
        return sign(eventId, type, body, now(), List.of(merchant.endpointSecret()));
    }

    /**
     * {@code body} signed at {@code timestamp} with each of {@code secrets} (more than
     * one during a secret roll).
     */
    public static SignedNotification sign(String eventId, String type, byte[] body, long timestamp,
            List<String> secrets) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json; charset=utf-8");
        headers.put("Cache-Control", "no-cache");
        headers.put("User-Agent", USER_AGENT);
        headers.put(StripeSignature.HEADER, StripeSignature.header(body, timestamp, secrets, true));
        return new SignedNotification(eventId, type, headers, body);
    }

    /**
     * The same bytes signed again with a fresh timestamp, as Stripe signs every delivery
     * attempt.
     */
    public SignedNotification resign(SignedNotification n, StripeMerchant merchant) {
        return sign(n.id(), n.eventType(), n.body(), now(), List.of(merchant.endpointSecret()));
    }

    private SignedNotification event(StripeMerchant merchant, boolean connect, String type, Map<String, Object> object,
            Map<String, Object> previousAttributes, long created) {
        String eventId = StripeIds.event();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("object", object);
        if (previousAttributes != null) {
            data.put("previous_attributes", previousAttributes);
        }
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("id", StripeIds.request());
        request.put("idempotency_key", UUID.randomUUID().toString());
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("id", eventId);
        event.put("object", "event");
        if (connect) {
            event.put("account", merchant.account());
        }
        event.put("api_version", API_VERSION);
        event.put("created", created);
        event.put("data", data);
        event.put("livemode", false);
        event.put("pending_webhooks", 1L);
        event.put("request", request);
        event.put("type", type);
        byte[] body = StripeJson.pretty(event).getBytes(StandardCharsets.UTF_8);
        return sign(eventId, type, body, created, List.of(merchant.endpointSecret()));
    }

    private long now() {
        return clock.instant().getEpochSecond();
    }

}
