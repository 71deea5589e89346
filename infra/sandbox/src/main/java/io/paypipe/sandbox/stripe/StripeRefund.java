package io.paypipe.sandbox.stripe;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One Refund object as Stripe keeps it: {@code metadata} as the creator sent it (empty
 * for a refund made in the Dashboard), {@code reason} Stripe's enum or null,
 * {@code status} {@code pending}, {@code succeeded}, {@code failed} or {@code canceled},
 * {@code failureReason} set once failed; {@code created} in Unix seconds.
 */
public record StripeRefund(String id, String account, String paymentIntentId, String chargeId, long amount,
        String currency, Map<String, String> metadata, String reason, String status, String failureReason,
        String balanceTransaction, long created) {

    public StripeRefund {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(status, "status");
        metadata = Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
    }

    /** Whether it still holds (or already gave back) part of the charge. */
    public boolean takesFromCharge() {
        return status.equals("pending") || status.equals("succeeded") || status.equals("requires_action");
    }

    StripeRefund settled(String newStatus, String newFailureReason) {
        return new StripeRefund(id, account, paymentIntentId, chargeId, amount, currency, metadata, reason, newStatus,
                newFailureReason, newStatus.equals("failed") ? null : balanceTransaction, created);
    }

}
