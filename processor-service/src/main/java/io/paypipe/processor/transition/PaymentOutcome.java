package io.paypipe.processor.transition;

import io.paypipe.processor.order.OrderRow;

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

    /** The whitelist has no transition for this: a double payment, a payment after close, ... */
    record Illegal(OrderRow order, IllegalKind kind) implements PaymentOutcome {
    }

    /** Merchant, currency or order amount differ from the order: nothing is applied. */
    record Mismatch(OrderRow order, String what) implements PaymentOutcome {
    }

    /** The channel reported a state the product does not know. */
    record UnknownState(String channelState) implements PaymentOutcome {
    }

    enum IllegalKind {
        DOUBLE_PAYMENT, PAID_AFTER_CLOSE, PAID_IN_OTHER_STATE, CLOSED_AFTER_PAYMENT
    }
}
