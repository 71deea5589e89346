package io.paypipe.processor.transition;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.core.order.PaymentRule;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.processor.order.OrderRow;
import io.paypipe.processor.refund.RefundTaskRepository;
import io.paypipe.processor.transition.PaymentOutcome.Illegal;
import io.paypipe.processor.transition.PaymentOutcome.Mismatch;
import io.paypipe.processor.transition.PaymentOutcome.UnknownState;
import io.paypipe.support.alert.AlertRepository;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The notifications a person must look at, inside the caller's transaction: the raw row
 * goes to handled=2 with its outcome and reason (on the caller's {@link PaymentStore}),
 * an alert is stored, and money that arrived for an order that cannot take it gets a
 * refund task; and the order's CLOSE_CONFLICT alert (the raw row is settled). Outcome,
 * alert kind and refund reason of a payment come from its rule
 * ({@link io.paypipe.core.order.PaymentRules}). Every step is idempotent, so a
 * redelivered record decides the same and adds nothing.
 */
@Component
class SetAside {

    private final AlertRepository alerts;

    private final RefundTaskRepository refundTasks;

    private final Clock clock;

    SetAside(AlertRepository alerts, RefundTaskRepository refundTasks, Clock clock) {
        this.alerts = alerts;
        this.refundTasks = refundTasks;
        this.clock = clock;
    }

    /**
     * Money the rule sets aside: its refund task, its alert and the raw row's outcome,
     * all from the rule.
     */
    Illegal illegal(OrderRow order, PaymentNotified n, PaymentRule rule, Optional<OpsAlertRaised> conflict,
            PaymentStore store) {
        Instant now = clock.instant();
        RefundTaskCreated.Reason refund = rule.refund().orElseThrow();
        String reason = "illegal: " + refund + " (order " + order.status() + ")";
        RefundTaskCreated task = new RefundTaskCreated(
                RefundTaskCreated.idFor(order.key(), order.id(), n.channelTradeNo()), order.id(), order.key(),
                n.channel(), n.channelTradeNo(), n.paidAmount(), refund, n.rawId(), now);
        refundTasks.create(task);
        OpsAlertRaised alert = PaymentAlerts.about(n, rule.alert().orElseThrow(), Severity.ERROR,
                reason + ", refund task for " + task.amount(), now);
        alerts.raise(alert);
        store.settle(n.rawId(), rule.outcome().orElseThrow(), reason, now);
        return new Illegal(order, rule, task, alert, conflict);
    }

    Mismatch mismatch(OrderRow order, PaymentNotified n, String what, PaymentStore store) {
        Instant now = clock.instant();
        OpsAlertRaised alert = PaymentAlerts.about(n, Kind.MISMATCH, Severity.ERROR, "mismatch: " + what, now);
        alerts.raise(alert);
        RawOutcome outcome = RawOutcome.MISMATCH;
        store.settle(n.rawId(), outcome, "mismatch: " + what, now);
        return new Mismatch(order, what, alert, Optional.of(outcome));
    }

    /**
     * {@code settleRow}: false when the row's trade was decided already; its outcome
     * stays, the alert is raised.
     */
    UnknownState unknownState(PaymentNotified n, boolean settleRow, PaymentStore store) {
        Instant now = clock.instant();
        String reason = "unknown channel state " + n.channelState();
        OpsAlertRaised alert = PaymentAlerts.about(n, Kind.UNKNOWN_STATE, Severity.WARN, reason, now);
        alerts.raise(alert);
        Optional<RawOutcome> written = settleRow ? Optional.of(RawOutcome.UNKNOWN_STATE) : Optional.empty();
        written.ifPresent(outcome -> store.settle(n.rawId(), outcome, reason, now));
        return new UnknownState(n.channelState(), alert, written);
    }

    /**
     * The alert about the order the rule raises, if any: CLOSE_CONFLICT, one per order
     * (whichever notification found the contradiction first): the channel closed the
     * order or the trade, yet a payment holds it.
     */
    Optional<OpsAlertRaised> orderAlert(OrderRow order, PaymentNotified n, PaymentRule rule) {
        return rule.orderAlert().map(kind -> {
            OpsAlertRaised alert = PaymentAlerts
                .aboutOrder(order.id(), n, kind,
                        "close conflict: " + conflict(order, n, rule)
                                + "; the payment is kept, the close overruled: check with the channel",
                        clock.instant());
            alerts.raise(alert);
            return alert;
        });
    }

    private static String conflict(OrderRow order, PaymentNotified n, PaymentRule rule) {
        String tradeNo = n.channelTradeNo().value();
        return switch (rule.decision()) {
            case APPLY, REOPEN -> "the channel closed " + order.key() + ", then trade " + tradeNo + " paid it";
            // no outcome of its own: the trade's payment keeps its outcome
            // (PaymentRules.CLOSE_OF_A_PAID_TRADE)
            case OVERRULE_CLOSE ->
                rule.outcome().isEmpty() ? "trade " + tradeNo + " was reported paid, then closed" : "trade " + tradeNo
                        + " closed " + order.key() + ", which trade " + order.channelTradeNo().orElse("?") + " paid";
            default -> "trade " + tradeNo + " was reported closed and paid";
        };
    }

}
