package io.paypipe.sandbox.stripe;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.ChannelCall.Operation;
import io.paypipe.sandbox.query.ChannelCalls;
import io.paypipe.sandbox.query.CloseScenarios;
import io.paypipe.sandbox.query.OrderRef;
import io.paypipe.sandbox.query.QueryFault;
import io.paypipe.sandbox.query.QueryFaults;
import io.paypipe.sandbox.stripe.StripePaymentBook.Payment;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Stripe's PaymentIntents API as the sandbox plays it, for what a merchant's reconciler
 * asks: {@code GET /v1/payment_intents/{id}}, {@code GET /v1/payment_intents/search}
 * ({@link StripeSearchQuery}) and {@code POST /v1/payment_intents/{id}/cancel}
 * ({@code cancellation_reason}; the {@code Idempotency-Key} header as for refunds). Every
 * call authenticates with the account's secret key and sees only that account's
 * PaymentIntents: another account's is {@code resource_missing} (retrieve, cancel) or not
 * in the result (search), as an unknown one. A retrieve or search that finds a succeeded
 * PaymentIntent releases its order's held callbacks; a cancel of a PaymentIntent past
 * canceling is {@code payment_intent_unexpected_state}. Every call is recorded in
 * {@link ChannelCalls}; a fault armed in {@link QueryFaults} answers before the business
 * runs.
 */
public final class StripePaymentIntentApi {

    private static final Set<String> REASONS = Set.of("duplicate", "fraudulent", "requested_by_customer", "abandoned");

    private final StripePayments payments;

    private final StripePaymentBook book;

    private final StripeApiKeys keys;

    private final ChannelCalls calls;

    private final QueryFaults faults;

    private final CallbackScenarios callbacks;

    private final CloseScenarios closes;

    private final Clock clock;

    private final StripeIdempotency idempotency;

    public StripePaymentIntentApi(StripePayments payments, ChannelCalls calls, QueryFaults faults,
            CallbackScenarios callbacks, CloseScenarios closes, Clock clock, Duration idempotencyKeyTtl) {
        this.payments = payments;
        this.book = payments.book();
        this.keys = new StripeApiKeys(payments.merchants());
        this.calls = calls;
        this.faults = faults;
        this.callbacks = callbacks;
        this.closes = closes;
        this.clock = clock;
        this.idempotency = new StripeIdempotency(clock, idempotencyKeyTtl);
    }

    /** One call as the recorder names it. */
    private record Call(Operation operation, String account, String outTradeNo, String reference) {
    }

    /** {@code GET /v1/payment_intents/{id}}. */
    public StripeApiResponse retrieve(String authorization, String id) {
        Optional<StripeMerchant> merchant = keys.authenticate(authorization);
        if (merchant.isEmpty()) {
            return refused(new Call(Operation.QUERY, null, null, id), authorization);
        }
        Optional<Payment> found = book.find(merchant.get().account(), id);
        Call call = new Call(Operation.QUERY, merchant.get().account(),
                found.map(p -> p.spec().outTradeNo()).orElse(null), id);
        Optional<StripeApiResponse> fault = fault(call);
        if (fault.isPresent()) {
            return fault.get();
        }
        if (found.isEmpty()) {
            return record(call, StripeApiErrors.noSuch("payment_intent", id, "intent"), "resource_missing");
        }
        queried(found.get());
        return record(call, ok(found.get()), found.get().status());
    }

    /** {@code GET /v1/payment_intents/search}. */
    public StripeApiResponse search(String authorization, Map<String, String> params) {
        String text = params.get("query");
        Optional<StripeMerchant> merchant = keys.authenticate(authorization);
        if (merchant.isEmpty()) {
            return refused(new Call(Operation.QUERY, null, null, text), authorization);
        }
        String account = merchant.get().account();
        Optional<StripeSearchQuery> query = StripeSearchQuery.parse(text);
        Call call = new Call(Operation.QUERY, account, query.flatMap(StripeSearchQuery::outTradeNo).orElse(null), text);
        Optional<StripeApiResponse> fault = fault(call);
        if (fault.isPresent()) {
            return fault.get();
        }
        Optional<Integer> limit = StripeParams.limit(params.get("limit"));
        if (query.isEmpty() || limit.isEmpty()) {
            return record(call,
                    StripeApiErrors.invalid(null,
                            query.isEmpty() ? "Invalid search query: " + text
                                    : "Invalid limit: must be between 1 and 100",
                            query.isEmpty() ? "query" : "limit"),
                    "invalid_request_error");
        }
        List<Payment> found = book
            .matching(p -> p.spec().merchant().account().equals(account) && query.get().matches().test(p));
        found = found.subList(0, Math.min(found.size(), limit.get()));
        found.forEach(this::queried);
        String statuses = found.isEmpty() ? "none"
                : found.stream().map(Payment::status).collect(Collectors.joining(","));
        return record(call, StripeApiResponse.of(200, StripeJson.pretty(PaymentIntentObjects.searchResult(found))),
                statuses);
    }

    /**
     * {@code POST /v1/payment_intents/{id}/cancel}; {@code idempotencyKey} may be null.
     */
    public StripeApiResponse cancel(String authorization, String id, Map<String, String> params,
            String idempotencyKey) {
        Optional<StripeMerchant> merchant = keys.authenticate(authorization);
        if (merchant.isEmpty()) {
            return refused(new Call(Operation.CLOSE, null, null, id), authorization);
        }
        if (idempotencyKey == null || idempotencyKey.isBlank()) {
            return cancel(merchant.get(), id, params);
        }
        return idempotency.run(merchant.get().account(), idempotencyKey, id + "|" + params,
                () -> cancel(merchant.get(), id, params));
    }

    private StripeApiResponse cancel(StripeMerchant merchant, String id, Map<String, String> params) {
        Optional<Payment> found = book.find(merchant.account(), id);
        Call call = new Call(Operation.CLOSE, merchant.account(), found.map(p -> p.spec().outTradeNo()).orElse(null),
                id);
        Optional<StripeApiResponse> fault = fault(call);
        if (fault.isPresent()) {
            return fault.get();
        }
        if (found.isEmpty()) {
            return record(call, StripeApiErrors.noSuch("payment_intent", id, "intent"), "resource_missing");
        }
        String reason = params.get("cancellation_reason");
        if (reason != null && !REASONS.contains(reason)) {
            return record(call, StripeApiErrors.invalid(null,
                    "Invalid cancellation_reason: must be one of "
                            + "duplicate, fraudulent, requested_by_customer, or abandoned",
                    "cancellation_reason"), "invalid_request_error");
        }
        Payment payment = found.get();
        PaymentIntentSpec spec = payment.spec();
        if (spec.outTradeNo() != null && StripePaymentBook.CANCELABLE.contains(payment.status())
                && closes.take(OrderRef.of(Channel.STRIPE, merchant.account(), spec.outTradeNo())).isPresent()) {
            payments.pay(merchant.account(), spec.outTradeNo(), spec.amount(), spec.currency(), 1);
        }
        if (!payment.cancel(clock.instant().getEpochSecond(), reason)) {
            return record(call,
                    StripeApiErrors.cannotCancel(payment.status(), PaymentIntentObjects.paymentIntent(payment)),
                    "payment_intent_unexpected_state");
        }
        return record(call, ok(payment), payment.status());
    }

    private void queried(Payment payment) {
        PaymentIntentSpec spec = payment.spec();
        if (payment.succeeded() && spec.outTradeNo() != null) {
            callbacks.queried(OrderRef.of(Channel.STRIPE, spec.merchant().account(), spec.outTradeNo()));
        }
    }

    private Optional<StripeApiResponse> fault(Call call) {
        return faults.take(Channel.STRIPE, call.operation(), call.account(), call.account())
            .map(fault -> switch (fault) {
                case RATE_LIMITED -> record(call, StripeApiErrors.rateLimited(), QueryFault.RATE_LIMITED.name());
                case SERVER_ERROR -> record(call, StripeApiErrors.apiError(), QueryFault.SERVER_ERROR.name());
                case TIMEOUT -> {
                    calls.record(Channel.STRIPE, call.operation(), call.account(), call.account(), call.outTradeNo(),
                            call.reference(), 0, QueryFault.TIMEOUT.name());
                    yield StripeApiResponse.of(504, "").asLost();
                }
            });
    }

    private StripeApiResponse refused(Call call, String authorization) {
        return record(call, StripeApiKeys.unauthenticated(authorization), "authentication");
    }

    private StripeApiResponse record(Call call, StripeApiResponse response, String answer) {
        calls.record(Channel.STRIPE, call.operation(), call.account(), call.account(), call.outTradeNo(),
                call.reference(), response.status(), answer);
        return response;
    }

    private static StripeApiResponse ok(Payment payment) {
        return StripeApiResponse.of(200, StripeJson.pretty(PaymentIntentObjects.paymentIntent(payment)));
    }

}
