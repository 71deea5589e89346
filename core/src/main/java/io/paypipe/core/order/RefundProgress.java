package io.paypipe.core.order;

import java.util.Optional;

/**
 * Where the refunds of one payment stand, in integer minor units of the payment's
 * currency: what was paid, what went back ({@code SUCCESS}), what is in flight
 * ({@code PENDING} or {@code ACCEPTED}). A failed refund counts nowhere. The order's
 * refund status is computed from these sums, never from the last refund's result alone.
 */
public record RefundProgress(long paidMinor, long succeededMinor, long inFlightMinor) {

    public RefundProgress {
        if (paidMinor < 0 || succeededMinor < 0 || inFlightMinor < 0) {
            throw new IllegalArgumentException("refund sums are never negative");
        }
    }

    /** What may still be refunded: paid, less what went back and what is in flight. */
    public long refundableMinor() {
        return paidMinor - succeededMinor - inFlightMinor;
    }

    /**
     * True when a refund of {@code minor} keeps succeeded + in flight + it within paid.
     */
    public boolean admits(long minor) {
        return minor > 0 && minor <= refundableMinor();
    }

    /**
     * The order event once every refund is final; empty while any refund is in flight.
     */
    public Optional<OrderEvent> settledEvent() {
        if (inFlightMinor > 0) {
            return Optional.empty();
        }
        if (succeededMinor == 0) {
            return Optional.of(OrderEvent.REFUNDS_SETTLED_NONE);
        }
        return Optional
            .of(succeededMinor >= paidMinor ? OrderEvent.REFUNDS_SETTLED_FULLY : OrderEvent.REFUNDS_SETTLED_PARTLY);
    }

    /** The order status these sums call for. */
    public OrderStatus status() {
        return switch (settledEvent().orElse(OrderEvent.REFUND_STARTED)) {
            case REFUND_STARTED -> OrderStatus.REFUNDING;
            case REFUNDS_SETTLED_NONE -> OrderStatus.PAID;
            case REFUNDS_SETTLED_PARTLY -> OrderStatus.PARTIALLY_REFUNDED;
            case REFUNDS_SETTLED_FULLY -> OrderStatus.REFUNDED;
            default -> throw new IllegalStateException("not a refund event");
        };
    }
}
