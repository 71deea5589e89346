package io.paypipe.sandbox.stripe;

import io.paypipe.sandbox.stripe.StripePaymentBook.Payment;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Stripe's Refunds API as the sandbox plays it, on the {@link StripePaymentBook}:
 * {@code POST /v1/refunds} ({@code payment_intent}, {@code amount} in minor units,
 * omitted = the rest; {@code reason}; {@code metadata[...]}; the {@code Idempotency-Key}
 * header, see {@link StripeIdempotency}), {@code GET /v1/refunds/{id}} and
 * {@code GET /v1/refunds?payment_intent=...} (newest first, {@code limit} 1 to 100,
 * default 10, {@code starting_after}). Every call authenticates with the account's secret
 * key ({@code Authorization: Bearer sk_...}) and sees only that account's objects. A
 * refund takes at most what the charge has left ({@code amount_too_large}; nothing left:
 * {@code charge_already_refunded}); pending and succeeded refunds count, failed ones do
 * not.
 */
public final class StripeRefundApi implements AutoCloseable {

    private static final Set<String> REASONS = Set.of("duplicate", "fraudulent", "requested_by_customer");

    private final StripePayments payments;

    private final StripePaymentBook book;

    private final Clock clock;

    private final StripeIdempotency idempotency;

    private final StripeApiKeys keys;

    private final StripeRefundLifecycle lifecycle;

    public StripeRefundApi(StripePayments payments, Clock clock, Duration settleDelay, Duration idempotencyKeyTtl) {
        this.payments = payments;
        this.book = payments.book();
        this.clock = clock;
        this.idempotency = new StripeIdempotency(clock, idempotencyKeyTtl);
        this.keys = new StripeApiKeys(payments.merchants());
        this.lifecycle = new StripeRefundLifecycle(payments, settleDelay);
    }

    /** {@code POST /v1/refunds}; {@code idempotencyKey} may be null. */
    public StripeApiResponse create(String authorization, Map<String, String> params, String idempotencyKey) {
        Optional<StripeMerchant> merchant = keys.authenticate(authorization);
        if (merchant.isEmpty()) {
            return StripeApiKeys.unauthenticated(authorization);
        }
        if (idempotencyKey == null || idempotencyKey.isBlank()) {
            return create(merchant.get(), params);
        }
        String fingerprint = new TreeMap<>(params).entrySet()
            .stream()
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining("&"));
        return idempotency.run(merchant.get().account(), idempotencyKey, fingerprint,
                () -> create(merchant.get(), params));
    }

    /** {@code GET /v1/refunds/{id}}. */
    public StripeApiResponse retrieve(String authorization, String refundId) {
        Optional<StripeMerchant> merchant = keys.authenticate(authorization);
        if (merchant.isEmpty()) {
            return StripeApiKeys.unauthenticated(authorization);
        }
        return book.refund(merchant.get().account(), refundId)
            .map(r -> StripeApiResponse.of(200, StripeJson.pretty(StripeObjects.refund(r))))
            .orElseGet(() -> StripeApiErrors.noSuch("refund", refundId, "id"));
    }

    /** {@code GET /v1/refunds}. */
    public StripeApiResponse list(String authorization, Map<String, String> query) {
        Optional<StripeMerchant> merchant = keys.authenticate(authorization);
        if (merchant.isEmpty()) {
            return StripeApiKeys.unauthenticated(authorization);
        }
        String account = merchant.get().account();
        String paymentIntentId = query.get("payment_intent");
        List<StripeRefund> refunds;
        if (paymentIntentId != null) {
            Optional<Payment> payment = book.find(account, paymentIntentId);
            if (payment.isEmpty()) {
                return StripeApiErrors.noSuch("payment_intent", paymentIntentId, "payment_intent");
            }
            refunds = payment.get().refunds();
        }
        else {
            refunds = book.refunds(account);
        }
        Optional<Integer> limit = StripeParams.limit(query.get("limit"));
        if (limit.isEmpty()) {
            return StripeApiErrors.invalid(null, "Invalid limit: must be between 1 and 100", "limit");
        }
        int from = 0;
        String startingAfter = query.get("starting_after");
        if (startingAfter != null) {
            from = refunds.stream().map(StripeRefund::id).toList().indexOf(startingAfter) + 1;
            if (from == 0) {
                return StripeApiErrors.noSuch("refund", startingAfter, "starting_after");
            }
        }
        int to = Math.min(refunds.size(), from + limit.get());
        List<Object> data = new ArrayList<>();
        refunds.subList(from, to).forEach(r -> data.add(StripeObjects.refund(r)));
        Map<String, Object> list = new LinkedHashMap<>();
        list.put("object", "list");
        list.put("data", data);
        list.put("has_more", to < refunds.size());
        list.put("url", "/v1/refunds");
        return StripeApiResponse.of(200, StripeJson.pretty(list));
    }

    /**
     * A refund made in the Dashboard: no metadata, {@code succeeded} at once, its events
     * pushed.
     */
    public StripeRefund dashboardRefund(String account, String paymentIntentId, long amount) {
        StripeMerchant merchant = payments.merchants().get(account);
        Payment payment = book.get(account, paymentIntentId);
        StripeRefund refund;
        synchronized (payment) {
            if (amount <= 0 || amount > payment.refundable()) {
                throw new IllegalArgumentException(
                        "the charge has " + payment.refundable() + " left to refund, not " + amount);
            }
            refund = newRefund(merchant, payment, amount, Map.of(), "requested_by_customer", "succeeded");
        }
        lifecycle.created(merchant, payment, refund, StripeRefundScenario.SUCCEEDED);
        return refund;
    }

    private StripeApiResponse create(StripeMerchant merchant, Map<String, String> params) {
        String paymentIntentId = params.get("payment_intent");
        if (paymentIntentId == null) {
            return StripeApiErrors.invalid("parameter_missing",
                    "Missing required param: payment_intent (the sandbox refunds PaymentIntents only).",
                    "payment_intent");
        }
        Optional<Payment> found = book.find(merchant.account(), paymentIntentId);
        if (found.isEmpty()) {
            return StripeApiErrors.noSuch("payment_intent", paymentIntentId, "payment_intent");
        }
        if (!found.get().succeeded()) {
            return StripeApiErrors.invalid(null,
                    "This PaymentIntent (" + paymentIntentId + ") does not have a successful charge to refund.",
                    "payment_intent");
        }
        String reason = params.get("reason");
        if (reason != null && !REASONS.contains(reason)) {
            return StripeApiErrors.invalid(null,
                    "Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer", "reason");
        }
        Optional<Long> requested = Optional.empty();
        if (params.containsKey("amount")) {
            requested = StripeParams.amount(params.get("amount"));
            if (requested.isEmpty()) {
                return StripeApiErrors.invalid("parameter_invalid_integer", "Invalid integer: " + params.get("amount"),
                        "amount");
            }
        }
        Payment payment = found.get();
        StripeRefund refund;
        StripeRefundScenario scenario;
        synchronized (payment) {
            long left = payment.refundable();
            if (left <= 0) {
                return StripeApiErrors.invalid("charge_already_refunded",
                        "Charge " + payment.spec().chargeId() + " has already been refunded.", null);
            }
            long amount = requested.orElse(left);
            if (amount > left) {
                return StripeApiErrors.invalid("amount_too_large", "Refund amount (" + amount + " "
                        + payment.spec().currency() + ") is greater than unrefunded amount on charge (" + left + ")",
                        "amount");
            }
            scenario = payment.nextScenario();
            if (scenario == StripeRefundScenario.UNAVAILABLE) {
                return StripeApiErrors.unavailable();
            }
            refund = newRefund(merchant, payment, amount, StripeParams.metadata(params), reason,
                    scenario == StripeRefundScenario.SUCCEEDED ? "succeeded" : "pending");
        }
        lifecycle.created(merchant, payment, refund, scenario);
        StripeApiResponse answer = StripeApiResponse.of(200, StripeJson.pretty(StripeObjects.refund(refund)));
        return scenario == StripeRefundScenario.ANSWER_LOST ? answer.asLost() : answer;
    }

    private StripeRefund newRefund(StripeMerchant merchant, Payment payment, long amount, Map<String, String> metadata,
            String reason, String status) {
        PaymentIntentSpec spec = payment.spec();
        StripeRefund refund = new StripeRefund(StripeIds.refund(), merchant.account(), spec.paymentIntentId(),
                spec.chargeId(), amount, spec.currency(), metadata, reason, status, null,
                StripeIds.balanceTransaction(), clock.instant().getEpochSecond());
        payment.put(refund);
        book.index(refund, payment);
        return refund;
    }

    @Override
    public void close() {
        lifecycle.close();
    }

}
