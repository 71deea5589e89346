package io.paypipe.refund.channel.stripe;

import com.stripe.exception.CardException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.exception.StripeException;
import com.stripe.model.Refund;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.channel.RefundOrder;
import java.time.Clock;
import java.util.Locale;
import java.util.Set;

/**
 * What Stripe's answers mean for a refund. A Refund object: {@code pending} /
 * {@code requires_action} Accepted, {@code succeeded} Succeeded, {@code failed} /
 * {@code canceled} Refused (code: its {@code failure_reason}); one whose amount or
 * currency is not ours is Unknown (a person looks). An error: a card error (402) or one
 * of the invalid-request codes that say the refund cannot be made (nothing left to
 * refund, more than is left, a disputed charge, no such PaymentIntent) is Refused;
 * everything else (timeouts and connection errors, 5xx, 401/403, rate limits, an
 * idempotency key reused with other parameters) is Unknown.
 */
final class StripeAnswers {

    static final Set<String> DEFINITE_REFUSALS = Set.of("charge_already_refunded", "amount_too_large",
            "charge_disputed", "refund_disputed_payment");

    private final Clock clock;

    StripeAnswers(Clock clock) {
        this.clock = clock;
    }

    RefundCall of(Refund refund, RefundOrder order) {
        if (refund.getAmount() == null || refund.getAmount() != order.amount().minor() || refund.getCurrency() == null
                || !refund.getCurrency().equalsIgnoreCase(order.amount().currency())) {
            return new RefundCall.Unknown("stripe refund " + refund.getId() + " is not of our amount and currency");
        }
        String status = String.valueOf(refund.getStatus());
        return switch (status) {
            case "pending", "requires_action" -> new RefundCall.Accepted(refund.getId());
            case "succeeded" -> new RefundCall.Succeeded(refund.getId(), clock.instant());
            case "failed", "canceled" -> new RefundCall.Refused(refund.getId(),
                    refund.getFailureReason() != null ? refund.getFailureReason() : status, "stripe refund " + status);
            default -> new RefundCall.Unknown("stripe refund " + refund.getId() + " has status " + status);
        };
    }

    static RefundCall error(String what, StripeException e) {
        if (e instanceof CardException) {
            return new RefundCall.Refused(null, e.getCode() == null ? "card_error" : e.getCode(), e.getMessage());
        }
        if (e instanceof InvalidRequestException invalid && definite(invalid)) {
            return new RefundCall.Refused(null, invalid.getCode(), invalid.getMessage());
        }
        return new RefundCall.Unknown(what + ": " + e.getClass().getSimpleName() + " (HTTP " + e.getStatusCode()
                + (e.getCode() == null ? "" : ", " + e.getCode()) + ")");
    }

    /** Whether the answer says the PaymentIntent does not exist for this account. */
    static boolean noSuchPaymentIntent(StripeException e) {
        return e instanceof InvalidRequestException invalid && "resource_missing".equals(invalid.getCode())
                && "payment_intent".equals(invalid.getParam());
    }

    static boolean noSuchRefund(StripeException e) {
        return e instanceof InvalidRequestException invalid && "resource_missing".equals(invalid.getCode())
                && !"payment_intent".equals(invalid.getParam());
    }

    private static boolean definite(InvalidRequestException e) {
        String code = e.getCode() == null ? "" : e.getCode().toLowerCase(Locale.ROOT);
        return DEFINITE_REFUSALS.contains(code) || noSuchPaymentIntent(e);
    }

}
