package io.paypipe.processor.transition;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.processor.alert.AlertRepository;
import io.paypipe.processor.alert.Alerts;
import io.paypipe.processor.order.OrderRow;
import io.paypipe.processor.refund.RefundTaskRepository;
import io.paypipe.processor.transition.PaymentOutcome.Illegal;
import io.paypipe.processor.transition.PaymentOutcome.IllegalKind;
import io.paypipe.processor.transition.PaymentOutcome.Mismatch;
import io.paypipe.processor.transition.PaymentOutcome.UnknownState;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The notifications a person must look at, inside the caller's transaction: the raw row goes to handled=2 with its
 * outcome and reason, an alert is stored, and money that arrived for an order that cannot take it gets a refund
 * task. Every step is idempotent, so a redelivered record decides the same and adds nothing.
 */
@Component
class SetAside {

    private final RawNotificationRepository raws;
    private final AlertRepository alerts;
    private final RefundTaskRepository refundTasks;
    private final Clock clock;

    SetAside(RawNotificationRepository raws, AlertRepository alerts, RefundTaskRepository refundTasks, Clock clock) {
        this.raws = raws;
        this.alerts = alerts;
        this.refundTasks = refundTasks;
        this.clock = clock;
    }

    Illegal illegal(OrderRow order, PaymentNotified n, IllegalKind kind, Optional<OpsAlertRaised> conflict) {
        Instant now = clock.instant();
        String reason = "illegal: " + kind + " (order " + order.status() + ")";
        RefundTaskCreated task = new RefundTaskCreated(RefundTaskCreated.idFor(order.key(), order.id(), n.channelTradeNo()),
                order.id(), order.key(), n.channel(), n.channelTradeNo(), n.paidAmount(), switch (kind) {
                    case DOUBLE_PAYMENT -> RefundTaskCreated.Reason.DOUBLE_PAYMENT;
                    case PAID_AFTER_CLOSE -> RefundTaskCreated.Reason.PAID_AFTER_CLOSE;
                }, n.rawId(), now);
        refundTasks.create(task);
        OpsAlertRaised alert = Alerts.about(n, switch (kind) {
            case DOUBLE_PAYMENT -> Kind.DOUBLE_PAYMENT;
            case PAID_AFTER_CLOSE -> Kind.PAID_AFTER_CLOSE;
        }, Severity.ERROR, reason + ", refund task for " + task.amount(), now);
        alerts.raise(alert);
        raws.settle(n.rawId(), switch (kind) {
            case DOUBLE_PAYMENT -> RawOutcome.ILLEGAL_DOUBLE_PAYMENT;
            case PAID_AFTER_CLOSE -> RawOutcome.ILLEGAL_PAID_AFTER_CLOSE;
        }, reason, now);
        return new Illegal(order, kind, task, alert, conflict);
    }

    Mismatch mismatch(OrderRow order, PaymentNotified n, String what) {
        Instant now = clock.instant();
        OpsAlertRaised alert = Alerts.about(n, Kind.MISMATCH, Severity.ERROR, "mismatch: " + what, now);
        alerts.raise(alert);
        raws.settle(n.rawId(), RawOutcome.MISMATCH, "mismatch: " + what, now);
        return new Mismatch(order, what, alert);
    }

    /** {@code settleRow}: false when the row's trade was decided already; its outcome stays, the alert is raised. */
    UnknownState unknownState(PaymentNotified n, boolean settleRow) {
        Instant now = clock.instant();
        String reason = "unknown channel state " + n.channelState();
        OpsAlertRaised alert = Alerts.about(n, Kind.UNKNOWN_STATE, Severity.WARN, reason, now);
        alerts.raise(alert);
        if (settleRow) {
            raws.settle(n.rawId(), RawOutcome.UNKNOWN_STATE, reason, now);
        }
        return new UnknownState(n.channelState(), alert);
    }

    /**
     * The order's CLOSE_CONFLICT alert (one per order, whichever notification found the contradiction first): the
     * channel closed the order or the trade, yet a payment holds it.
     */
    OpsAlertRaised closeConflict(OrderRow order, PaymentNotified n, String what) {
        OpsAlertRaised alert = Alerts.aboutOrder(order.id(), n, Kind.CLOSE_CONFLICT, "close conflict: " + what
                + "; the payment is kept, the close overruled: check with the channel", clock.instant());
        alerts.raise(alert);
        return alert;
    }
}
