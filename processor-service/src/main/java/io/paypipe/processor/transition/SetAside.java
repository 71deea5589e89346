package io.paypipe.processor.transition;

import static io.paypipe.processor.transition.RawNotificationRepository.NEEDS_A_PERSON;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.RefundTaskCreated;
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
 * The notifications a person must look at, inside the caller's transaction: the raw row goes to handled=2
 * with its outcome and reason, an alert is stored, and money that arrived for an order that cannot take it
 * gets a refund task. Every step is idempotent, so a redelivered record decides the same and adds nothing.
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

    Illegal illegal(OrderRow order, PaymentNotified n, IllegalKind kind) {
        Instant now = clock.instant();
        String reason = "illegal: " + kind + " (order " + order.status() + ")";
        Optional<RefundTaskCreated> task = refundReason(kind).map(r -> new RefundTaskCreated(
                RefundTaskCreated.idFor(order.key(), order.id(), n.channelTradeNo()), order.id(), order.key(), n.channel(),
                n.channelTradeNo(), n.paidAmount(), r, n.rawId(), now));
        task.ifPresent(refundTasks::create);
        Kind alertKind = switch (kind) {
            case DOUBLE_PAYMENT -> Kind.DOUBLE_PAYMENT;
            case PAID_AFTER_CLOSE -> Kind.PAID_AFTER_CLOSE;
            case CLOSED_AFTER_PAYMENT, PAID_IN_OTHER_STATE -> Kind.ILLEGAL_TRANSITION;
        };
        OpsAlertRaised alert = Alerts.about(n, alertKind, Severity.ERROR, reason
                + task.map(t -> ", refund task for " + t.amount()).orElse(""), now);
        alerts.raise(alert);
        raws.settle(n.rawId(), NEEDS_A_PERSON, "ILLEGAL_" + kind, reason, now);
        return new Illegal(order, kind, task, alert);
    }

    Mismatch mismatch(OrderRow order, PaymentNotified n, String what) {
        Instant now = clock.instant();
        OpsAlertRaised alert = Alerts.about(n, Kind.MISMATCH, Severity.ERROR, "mismatch: " + what, now);
        alerts.raise(alert);
        raws.settle(n.rawId(), NEEDS_A_PERSON, "MISMATCH", "mismatch: " + what, now);
        return new Mismatch(order, what, alert);
    }

    UnknownState unknownState(PaymentNotified n) {
        Instant now = clock.instant();
        String reason = "unknown channel state " + n.channelState();
        OpsAlertRaised alert = Alerts.about(n, Kind.UNKNOWN_STATE, Severity.WARN, reason, now);
        alerts.raise(alert);
        raws.settle(n.rawId(), NEEDS_A_PERSON, "UNKNOWN_STATE", reason, now);
        return new UnknownState(n.channelState(), alert);
    }

    private static Optional<RefundTaskCreated.Reason> refundReason(IllegalKind kind) {
        return switch (kind) {
            case DOUBLE_PAYMENT -> Optional.of(RefundTaskCreated.Reason.DOUBLE_PAYMENT);
            case PAID_AFTER_CLOSE -> Optional.of(RefundTaskCreated.Reason.PAID_AFTER_CLOSE);
            case CLOSED_AFTER_PAYMENT, PAID_IN_OTHER_STATE -> Optional.empty();
        };
    }
}
