package io.paypipe.refund.result;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OrderRefunded;
import io.paypipe.core.refund.RefundStatus;
import io.paypipe.refund.order.OrderMoves.OrderMove;
import io.paypipe.refund.order.OrderRow;
import io.paypipe.refund.store.RefundRow;
import java.util.Optional;

/** What an answer did to a refund, committed; dispatched after the commit. */
public sealed interface RefundChange {

    RefundRow refund();

    /**
     * The refund moved from {@code from} to {@code refund().status()}; the order moved
     * too if {@code orderMove} says so; {@code refunded} is the event of a SUCCESS,
     * {@code alert} one that a person must see (an automatic refund that failed).
     */
    record Changed(RefundStatus from, RefundRow refund, OrderRow order, Optional<OrderMove> orderMove,
            Optional<OrderRefunded> refunded, Optional<OpsAlertRaised> alert) implements RefundChange {
    }

    /** Nothing to do: the refund is in that status already, or further on. */
    record Unchanged(RefundRow refund, RefundStatus reported) implements RefundChange {
    }

    /**
     * The channel reports what contradicts the stored refund (SUCCESS of a refund stored
     * FAIL, another amount): nothing moved, an alert was stored.
     */
    record Conflict(RefundRow refund, OpsAlertRaised alert) implements RefundChange {
    }

    default boolean isFinal() {
        return refund().status().isFinal();
    }

}
