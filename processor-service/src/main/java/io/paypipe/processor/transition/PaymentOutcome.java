package io.paypipe.processor.transition;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.processor.order.OrderRow;
import java.util.Optional;

/**
 * What applying one payment notification to its order came to. A closed set: every caller handles every
 * case with an exhaustive {@code switch}. Retryable failures are not outcomes but exceptions of the
 * transient family.
 */
sealed interface PaymentOutcome {

    /** First success for this trade number: the order is paid, the ledger has its row. */
    record Applied(OrderRow order) implements PaymentOutcome {
    }

    /** The order is already paid by this very trade number: nothing new happens. */
    record Duplicate(OrderRow order) implements PaymentOutcome {
    }

    /** The channel closed the payment of a pending order: the order is closed. */
    record Closed(OrderRow order) implements PaymentOutcome {
    }

    /**
     * The whitelist has no transition for this: a double payment or a payment after close (the money goes
     * back: {@code refundTask}), a close of a paid order, ... Always an alert.
     */
    record Illegal(OrderRow order, IllegalKind kind, Optional<RefundTaskCreated> refundTask, OpsAlertRaised alert)
            implements PaymentOutcome {
    }

    /** Merchant, currency or order amount differ from the order: nothing is applied, an alert is raised. */
    record Mismatch(OrderRow order, String what, OpsAlertRaised alert) implements PaymentOutcome {
    }

    /** The channel reported a state the product does not know: nothing is applied, an alert is raised. */
    record UnknownState(String channelState, OpsAlertRaised alert) implements PaymentOutcome {
    }

    enum IllegalKind {
        DOUBLE_PAYMENT, PAID_AFTER_CLOSE, PAID_IN_OTHER_STATE, CLOSED_AFTER_PAYMENT
    }
}
