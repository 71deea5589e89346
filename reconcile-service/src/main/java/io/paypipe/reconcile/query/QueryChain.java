package io.paypipe.reconcile.query;

import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@code payment_query} row: the bookkeeping of one order's query chain (the schedule
 * itself is the one live record on a delayed topic). The live record is the one whose
 * attempt, state and due time are the row's ({@link #isLive}); every other record of the
 * order (a duplicate, one a later step replaced) is stale and does nothing. In state
 * CLOSING, {@code attempt} counts the close calls. {@code movedAt} is when the row last
 * changed ({@code updated_at}).
 */
record QueryChain(long orderId, OrderKey orderKey, Optional<MerchantId> spMerchantId, Channel channel,
        PaymentQueryDue.Reason reason, int attempt, State state, Instant nextDueAt, Instant expiresAt,
        String lastAnswer, Instant movedAt) {

    enum State {

        /** Queried on the ladder. */
        ACTIVE,
        /** Expired while waiting: being closed at the channel. */
        CLOSING,
        /** Paid, closed, or no longer pending: nothing more to do. */
        DONE,
        /** Undecidable: an alert names it. */
        NEEDS_A_PERSON

    }

    /**
     * The guarded columns of a row: a step moves the row only from exactly these values
     * ({@code dueAt} null = the first query is not scheduled yet). Due times are compared
     * in whole seconds (as the database keeps them).
     */
    record Guard(long orderId, int attempt, State state, Instant dueAt) {

        Guard {
            dueAt = dueAt == null ? null : dueAt.truncatedTo(ChronoUnit.SECONDS);
        }

    }

    Guard guard() {
        return new Guard(orderId, attempt, state, nextDueAt);
    }

    /**
     * True when {@code due}, not this chain's live record, may be the record of a step
     * whose move of this row has not landed yet: a step publishes its record before it
     * moves the row, and a record due at once ({@code payment.query}) can be read in
     * between. Such a record is due after the row's last move ({@code movedAt}); a stale
     * one was due before the move that replaced it (it was handled, then the row moved).
     */
    boolean mayBeAheadOf(PaymentQueryDue due) {
        return (state == State.ACTIVE || state == State.CLOSING) && movedAt != null && due.dueAt() != null
                && !due.dueAt().isBefore(movedAt) && !isLive(due);
    }

    /** True when {@code due} is this chain's live record. */
    boolean isLive(PaymentQueryDue due) {
        return (state == State.ACTIVE || state == State.CLOSING) && due.attempt() == attempt && nextDueAt != null
                && Objects.equals(new Guard(orderId, attempt, state, due.dueAt()).dueAt(), guard().dueAt());
    }

}
