package io.paypipe.core.raw;

import io.paypipe.core.event.PaymentState;
import java.util.Optional;

/**
 * {@code pay_notify_raw.outcome}: what the processor decided for a notification, with the
 * {@link Handled} value it settles the row to. {@link #side()} says whether the row's
 * trade was last seen as a payment or a close, so a later notification of the same trade
 * in the other state is recognised as a contradiction.
 */
public enum RawOutcome {

    /** First success for its trade: the order is paid by it. */
    APPLIED(Handled.SETTLED, Side.PAYMENT),
    /**
     * A success for an order already paid by this trade (kept by a row that already had
     * an outcome).
     */
    DUPLICATE(Handled.SETTLED, Side.PAYMENT),
    /** A second trade for a paid order: refund task. */
    ILLEGAL_DOUBLE_PAYMENT(Handled.NEEDS_A_PERSON, Side.PAYMENT),
    /** A payment for an order the merchant cancelled: refund task. */
    ILLEGAL_PAID_AFTER_CLOSE(Handled.NEEDS_A_PERSON, Side.PAYMENT),
    /** A channel's close that closed the order, or found it closed already. */
    CLOSED(Handled.SETTLED, Side.CLOSE),
    /** A close that ended one payment attempt only (Stripe); the order is as it was. */
    ATTEMPT_ENDED(Handled.SETTLED, Side.CLOSE),
    /** A close the order's payment overruled (CLOSE_CONFLICT alert about the order). */
    CLOSE_OVERRULED(Handled.SETTLED, Side.CLOSE),
    /**
     * Written before issue 10: a close for a paid order (now {@link #CLOSE_OVERRULED}).
     */
    ILLEGAL_CLOSED_AFTER_PAYMENT(Handled.NEEDS_A_PERSON, Side.CLOSE),
    /**
     * Tenant, service provider, channel, currency or order amount differ from the order.
     */
    MISMATCH(Handled.NEEDS_A_PERSON, Side.NEITHER),
    /** A channel state the product does not know. */
    UNKNOWN_STATE(Handled.NEEDS_A_PERSON, Side.NEITHER),
    /** Dead letter: the order never came. */
    UNKNOWN_ORDER(Handled.NEEDS_A_PERSON, Side.NEITHER),
    /** Dead letter: given up for another reason. */
    GAVE_UP(Handled.NEEDS_A_PERSON, Side.NEITHER),
    /** Dead letter: the record could not be read or lacked required fields. */
    DEAD_LETTER(Handled.NEEDS_A_PERSON, Side.NEITHER);

    /** Whether an outcome was decided for the trade as paid or as closed. */
    public enum Side {

        PAYMENT, CLOSE, NEITHER

    }

    private final Handled handled;

    private final Side side;

    RawOutcome(Handled handled, Side side) {
        this.handled = handled;
        this.side = side;
    }

    public Handled handled() {
        return handled;
    }

    public Side side() {
        return side;
    }

    /**
     * True when this stored outcome was decided for the trade in the other final state
     * than {@code state}.
     */
    public boolean contradicts(PaymentState state) {
        return switch (state) {
            case SUCCEEDED -> side == Side.CLOSE;
            case CLOSED -> side == Side.PAYMENT;
            case UNKNOWN -> false;
        };
    }

    public static Optional<RawOutcome> parse(String column) {
        if (column == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(valueOf(column));
        }
        catch (IllegalArgumentException unknown) {
            return Optional.empty();
        }
    }

}
