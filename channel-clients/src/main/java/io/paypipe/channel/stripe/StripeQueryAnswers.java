package io.paypipe.channel.stripe;

import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.exception.RateLimitException;
import com.stripe.exception.StripeException;
import com.stripe.model.Charge;
import com.stripe.model.PaymentIntent;
import io.paypipe.channel.query.CloseAnswer;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.money.Money;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * The explicit answer table of Stripe's PaymentIntents for an order query and close.
 * <pre>
 * PaymentIntent status   succeeded -> Paid (Refunded when its latest charge has an amount_refunded)
 *                        requires_payment_method, requires_confirmation, requires_action, processing -> Waiting
 *                        canceled -> Closed          anything else (requires_capture, ...) -> Unknown
 * no PaymentIntent with our metadata.out_trade_no, resource_missing -> NotFound
 * 429 (rate_limit) -> RateLimited        5xx, I/O, timeout -> Failed        any other error -> Unknown
 * cancel: the PaymentIntent canceled -> Closed
 *         invalid_request_error (payment_intent_unexpected_state) on a succeeded one -> AlreadyPaid,
 *         on a canceled one -> Closed, on a processing one -> Failed (it may still go either way)
 * </pre> A PaymentIntent whose {@code metadata.out_trade_no} is not ours is Unknown.
 * Amounts are Stripe's integer minor units ({@code amount}: the order's,
 * {@code amount_received}: paid, as ingress reads them), the currency upper-cased;
 * {@code paidAt} is the latest charge's {@code created} when the answer carries the
 * charge, else the time of the query.
 */
final class StripeQueryAnswers {

    static final String RESOURCE_MISSING = "resource_missing";

    static final String UNEXPECTED_STATE = "payment_intent_unexpected_state";

    private StripeQueryAnswers() {
    }

    /**
     * What {@code pi} (retrieved, its verbatim answer {@code body}) says of the order.
     */
    static QueryAnswer ofIntent(PaymentIntent pi, String body, String outTradeNo, Instant now) {
        if (pi.getMetadata() == null || !outTradeNo.equals(pi.getMetadata().get("out_trade_no"))) {
            return new QueryAnswer.Unknown("stripe query: PaymentIntent " + pi.getId() + " is not of this order");
        }
        String status = String.valueOf(pi.getStatus());
        return switch (status) {
            case "succeeded" -> payment(pi, body, now);
            case "requires_payment_method", "requires_confirmation", "requires_action", "processing" ->
                new QueryAnswer.Waiting(status);
            case "canceled" -> new QueryAnswer.Closed(Optional.of(ChannelTradeNo.of(pi.getId())), status, body);
            default -> new QueryAnswer.Unknown("stripe query: PaymentIntent status " + status);
        };
    }

    /** What an error answer to a search or retrieve means. */
    static QueryAnswer ofQueryError(StripeException e) {
        if (rateLimited(e)) {
            return new QueryAnswer.RateLimited(e.getCode() == null ? "HTTP 429" : e.getCode());
        }
        if (missing(e)) {
            return new QueryAnswer.NotFound(RESOURCE_MISSING);
        }
        if (noAnswer(e)) {
            return new QueryAnswer.Failed("stripe query: " + describe(e));
        }
        return new QueryAnswer.Unknown("stripe query: " + describe(e));
    }

    /** What the PaymentIntent a cancel answered means. */
    static CloseAnswer ofCanceled(PaymentIntent pi) {
        return "canceled".equals(pi.getStatus()) ? new CloseAnswer.Closed()
                : new CloseAnswer.Unknown("stripe cancel answered status " + pi.getStatus());
    }

    /**
     * What an error answer to a cancel means; {@code status} is the PaymentIntent's
     * status when known (Stripe's error names it, else a retrieve).
     */
    static CloseAnswer ofCancelError(StripeException e, Optional<String> status) {
        if (rateLimited(e)) {
            return new CloseAnswer.RateLimited(e.getCode() == null ? "HTTP 429" : e.getCode());
        }
        if (missing(e)) {
            return new CloseAnswer.NotFound(RESOURCE_MISSING);
        }
        if (e instanceof InvalidRequestException && UNEXPECTED_STATE.equals(e.getCode()) && status.isPresent()) {
            return switch (status.get()) {
                case "succeeded" -> new CloseAnswer.AlreadyPaid(UNEXPECTED_STATE);
                case "canceled" -> new CloseAnswer.Closed();
                case "processing" -> new CloseAnswer.Failed("stripe cancel: the PaymentIntent is processing");
                default ->
                    new CloseAnswer.Unknown("stripe cancel: " + UNEXPECTED_STATE + " with status " + status.get());
            };
        }
        if (noAnswer(e)) {
            return new CloseAnswer.Failed("stripe cancel: " + describe(e));
        }
        return new CloseAnswer.Unknown("stripe cancel: " + describe(e));
    }

    /** The error names the PaymentIntent's state: cancel refused it for that state. */
    static boolean unexpectedState(StripeException e) {
        return e instanceof InvalidRequestException && !(e instanceof RateLimitException)
                && UNEXPECTED_STATE.equals(e.getCode());
    }

    private static QueryAnswer payment(PaymentIntent pi, String body, Instant now) {
        if (pi.getId() == null || pi.getAmount() == null || pi.getAmountReceived() == null
                || pi.getCurrency() == null) {
            return new QueryAnswer.Unknown("stripe query: succeeded without amount, amount_received or currency");
        }
        String currency = pi.getCurrency().toUpperCase(Locale.ROOT);
        Money orderAmount;
        Money paidAmount;
        try {
            orderAmount = Money.of(pi.getAmount(), currency);
            paidAmount = Money.of(pi.getAmountReceived(), currency);
        }
        catch (IllegalArgumentException e) {
            return new QueryAnswer.Unknown("stripe query: succeeded in a currency that is not ISO 4217");
        }
        Charge charge = pi.getLatestChargeObject();
        Instant paidAt = charge != null && charge.getCreated() != null ? Instant.ofEpochSecond(charge.getCreated())
                : now;
        ChannelTradeNo no = ChannelTradeNo.of(pi.getId());
        boolean refunded = charge != null && charge.getAmountRefunded() != null && charge.getAmountRefunded() > 0;
        return refunded ? new QueryAnswer.Refunded(no, pi.getStatus(), orderAmount, paidAmount, paidAt, body)
                : new QueryAnswer.Paid(no, pi.getStatus(), orderAmount, paidAmount, paidAt, body);
    }

    private static boolean rateLimited(StripeException e) {
        return e instanceof RateLimitException || Integer.valueOf(429).equals(e.getStatusCode());
    }

    private static boolean missing(StripeException e) {
        return e instanceof InvalidRequestException && RESOURCE_MISSING.equals(e.getCode());
    }

    /** No usable answer: the connection (I/O, timeout) or Stripe's side (5xx). */
    private static boolean noAnswer(StripeException e) {
        return e instanceof ApiConnectionException || (e.getStatusCode() != null && e.getStatusCode() >= 500);
    }

    private static String describe(StripeException e) {
        return e.getClass().getSimpleName() + " (HTTP " + e.getStatusCode()
                + (e.getCode() == null ? "" : ", " + e.getCode()) + ")";
    }

}
