package io.paypipe.processor.transition;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.core.order.PaymentRule;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.processor.order.OrderRow;
import java.util.Optional;

/**
 * What applying one payment notification to its order came to. A closed set: every caller
 * handles every case with an exhaustive {@code switch}. Retryable failures are not
 * outcomes but exceptions of the transient family. {@code rule} is the row of the payment
 * rules ({@link io.paypipe.core.order.PaymentRules}) that decided it; {@code conflict} is
 * the order's CLOSE_CONFLICT alert when the rule raised it.
 */
sealed interface PaymentOutcome {

    /**
     * The outcome this commit settled the raw row with; empty when the row kept the
     * outcome its trade had.
     */
    Optional<RawOutcome> written();

    /** An outcome decided by a row of the payment rules. */
    sealed interface Ruled extends PaymentOutcome {

        PaymentRule rule();

        @Override
        default Optional<RawOutcome> written() {
            return rule().outcome();
        }

    }

    /**
     * The order is paid by this trade (from PENDING, or overruling the channel's close):
     * ledger row, order.paid.
     */
    record Applied(OrderRow order, OrderStatus from, PaymentRule rule,
            Optional<OpsAlertRaised> conflict) implements Ruled {
    }

    /**
     * The order is already paid by this very trade: nothing new happens, order.paid
     * again.
     */
    record Duplicate(OrderRow order, PaymentRule rule, Optional<OpsAlertRaised> conflict) implements Ruled {
    }

    /** The channel closed the order: order.closed. */
    record Closed(OrderRow order, PaymentRule rule) implements Ruled {
    }

    /** The order was closed already: order.closed again (same event id). */
    record AlreadyClosed(OrderRow order, PaymentRule rule) implements Ruled {
    }

    /** One payment attempt ended (Stripe); the order is as it was. */
    record AttemptEnded(OrderRow order, PaymentRule rule) implements Ruled {
    }

    /**
     * A close of an order (or a trade) a payment holds: the order stays paid,
     * CLOSE_CONFLICT.
     */
    record CloseOverruled(OrderRow order, PaymentRule rule, OpsAlertRaised conflict) implements Ruled {
    }

    /**
     * Money that cannot be kept: a double payment or a payment after the merchant
     * cancelled (refund task, alert).
     */
    record Illegal(OrderRow order, PaymentRule rule, RefundTaskCreated refundTask, OpsAlertRaised alert,
            Optional<OpsAlertRaised> conflict) implements Ruled {
    }

    /**
     * Merchant, currency or order amount differ from the order: nothing is applied, an
     * alert is raised.
     */
    record Mismatch(OrderRow order, String what, OpsAlertRaised alert,
            Optional<RawOutcome> written) implements PaymentOutcome {
    }

    /**
     * The channel reported a state the product does not know: nothing is applied, an
     * alert is raised.
     */
    record UnknownState(String channelState, OpsAlertRaised alert,
            Optional<RawOutcome> written) implements PaymentOutcome {
    }

}
