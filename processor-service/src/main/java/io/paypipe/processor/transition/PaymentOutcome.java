package io.paypipe.processor.transition;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.processor.order.OrderRow;
import java.util.Optional;

/**
 * What applying one payment notification to its order came to. A closed set: every caller handles every case with
 * an exhaustive {@code switch}. Retryable failures are not outcomes but exceptions of the transient family.
 * {@code conflict} is the order's CLOSE_CONFLICT alert when the notification met a contradicting close or success
 * (see {@link io.paypipe.core.order.PaymentRules}).
 */
sealed interface PaymentOutcome {

    /** The order is paid by this trade (from PENDING, or overruling the channel's close): ledger row, order.paid. */
    record Applied(OrderRow order, OrderStatus from, Optional<OpsAlertRaised> conflict) implements PaymentOutcome {
    }

    /** The order is already paid by this very trade: nothing new happens, order.paid again. */
    record Duplicate(OrderRow order, Optional<OpsAlertRaised> conflict) implements PaymentOutcome {
    }

    /** The channel closed the order: order.closed. */
    record Closed(OrderRow order) implements PaymentOutcome {
    }

    /** The order was closed already: order.closed again (same event id). */
    record AlreadyClosed(OrderRow order) implements PaymentOutcome {
    }

    /** One payment attempt ended (Stripe); the order is as it was. */
    record AttemptEnded(OrderRow order) implements PaymentOutcome {
    }

    /** A close of an order a payment holds: the order stays paid, CLOSE_CONFLICT. */
    record CloseOverruled(OrderRow order, OpsAlertRaised conflict) implements PaymentOutcome {
    }

    /** Money that cannot be kept: a double payment or a payment after the merchant cancelled (refund task, alert). */
    record Illegal(OrderRow order, IllegalKind kind, RefundTaskCreated refundTask, OpsAlertRaised alert,
                   Optional<OpsAlertRaised> conflict) implements PaymentOutcome {
    }

    /** Merchant, currency or order amount differ from the order: nothing is applied, an alert is raised. */
    record Mismatch(OrderRow order, String what, OpsAlertRaised alert) implements PaymentOutcome {
    }

    /** The channel reported a state the product does not know: nothing is applied, an alert is raised. */
    record UnknownState(String channelState, OpsAlertRaised alert) implements PaymentOutcome {
    }

    enum IllegalKind {
        DOUBLE_PAYMENT, PAID_AFTER_CLOSE
    }
}
