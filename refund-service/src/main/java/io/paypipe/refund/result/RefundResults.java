package io.paypipe.refund.result;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.OrderRefunded;
import io.paypipe.core.refund.RefundStatus;
import io.paypipe.refund.order.OrderMoves;
import io.paypipe.refund.order.OrderMoves.OrderMove;
import io.paypipe.refund.order.OrderRepository;
import io.paypipe.refund.order.OrderRow;
import io.paypipe.refund.result.Answer.Failed;
import io.paypipe.refund.result.Answer.Succeeded;
import io.paypipe.refund.result.RefundChange.Changed;
import io.paypipe.refund.result.RefundChange.Conflict;
import io.paypipe.refund.result.RefundChange.Unchanged;
import io.paypipe.refund.store.RefundCause;
import io.paypipe.refund.store.RefundRepository;
import io.paypipe.refund.store.RefundRow;
import io.paypipe.refund.store.RefundSource;
import io.paypipe.refund.store.RefundTaskRepository;
import io.paypipe.refund.store.RefundTransitionRepository;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.function.Consumer;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * THE one place that moves a refund's status, whatever said it (the refund API's answer,
 * a notification, a query): in one transaction that locks the order, then the refund, it
 * moves the refund forward once (guarded UPDATE {@code WHERE status = :from},
 * {@code refund_transition} unique per (refund, status), {@link RefundStatus#mayBecome}),
 * recomputes the sums of the refund's payment and, for the order's paying trade, moves
 * the order once no refund is in flight ({@link OrderMoves#settle}). A report that
 * contradicts the stored refund (a SUCCESS of a refund stored FAIL, or of another amount)
 * moves nothing and raises REFUND_CONFLICT. A refund task's refund that becomes final
 * settles the task ({@link RefundTaskRepository#settle}) in the same transaction. After
 * the commit a SUCCESS publishes {@code order.refunded} ({@link RefundResultDispatcher}).
 */
@Service
public class RefundResults {

    private final RefundRepository refunds;

    private final RefundTransitionRepository transitions;

    private final RefundTaskRepository tasks;

    private final OrderRepository orders;

    private final OrderMoves moves;

    private final AlertRepository alerts;

    private final RefundedEvents events;

    private final RefundResultDispatcher dispatcher;

    private final TransactionTemplate tx;

    private final Clock clock;

    RefundResults(RefundRepository refunds, RefundTransitionRepository transitions, RefundTaskRepository tasks,
            OrderRepository orders, OrderMoves moves, AlertRepository alerts, RefundedEvents events,
            RefundResultDispatcher dispatcher, TransactionTemplate tx, Clock clock) {
        this.refunds = refunds;
        this.transitions = transitions;
        this.tasks = tasks;
        this.orders = orders;
        this.moves = moves;
        this.alerts = alerts;
        this.events = events;
        this.dispatcher = dispatcher;
        this.tx = tx;
        this.clock = clock;
    }

    /** Applies {@code answer} to refund {@code refundId} and dispatches the change. */
    public RefundChange apply(long refundId, Answer answer, RefundCause cause, Long rawId) {
        return apply(refundId, answer, cause, rawId, change -> {
        });
    }

    /**
     * The same, with {@code sameTransaction} run with the change before the commit (e.g.
     * settling the raw notification).
     */
    public RefundChange apply(long refundId, Answer answer, RefundCause cause, Long rawId,
            Consumer<RefundChange> sameTransaction) {
        RefundRow seen = refunds.find(refundId)
            .orElseThrow(() -> new IllegalArgumentException("no refund " + refundId));
        RefundChange change = tx.execute(status -> {
            OrderRow order = orders.lock(seen.orderId()).orElseThrow();
            RefundChange c = applyLocked(order, refunds.lock(refundId).orElseThrow(), answer, cause, rawId);
            sameTransaction.accept(c);
            return c;
        });
        dispatcher.dispatch(change, cause);
        return change;
    }

    /**
     * Inside a transaction that holds {@code order}'s lock and {@code refund}'s: the
     * change itself; the caller dispatches it after the commit.
     */
    public RefundChange applyLocked(OrderRow order, RefundRow refund, Answer answer, RefundCause cause, Long rawId) {
        RefundStatus to = answer.status();
        if (answer instanceof Succeeded s && s.amount().isPresent() && !s.amount().get().equals(refund.amount())) {
            return conflict(refund, rawId, cause, "the channel reports a SUCCESS of " + s.amount().get().minor() + " "
                    + s.amount().get().currency() + " for a refund of " + refund.amount().minor());
        }
        if (refund.status() == to || !refund.status().isFinal() && !refund.status().mayBecome(to)) {
            return new Unchanged(refund, to);
        }
        if (refund.status().isFinal()) {
            return to.isFinal()
                    ? conflict(refund, rawId, cause,
                            "the channel reports " + to + " for a refund stored " + refund.status())
                    : new Unchanged(refund, to);
        }
        Instant now = clock.instant();
        if (refunds.move(refund.id(), refund.status(), to, answer.channelRefundId(),
                answer instanceof Failed f ? f.failure() : null, to == RefundStatus.ACCEPTED ? now : null,
                to.isFinal() ? finishedAt(answer, now) : null, now) != 1) {
            throw new IllegalStateException(refund + " changed under its lock");
        }
        transitions.insert(refund.id(), refund.status().name(), to.name(), cause, rawId,
                answer instanceof Failed f ? f.failure() : null, now);
        RefundRow after = refunds.lock(refund.id()).orElseThrow();
        if (to.isFinal() && after.refundTaskId().isPresent()) {
            tasks.settle(after.refundTaskId().get(),
                    to == RefundStatus.SUCCESS ? RefundTaskRepository.REFUNDED : RefundTaskRepository.FAILED, now);
        }
        Optional<OrderMove> move = Optional.empty();
        if (after.source() != RefundSource.TASK && order.channel() == after.channel()
                && order.paidBy(after.channelTradeNo())) {
            move = moves.settle(order, refunds.progress(order.payment()), after.refundNo());
        }
        Optional<OrderRefunded> refunded = to == RefundStatus.SUCCESS ? Optional.of(events.of(after))
                : Optional.empty();
        Optional<OpsAlertRaised> alert = to == RefundStatus.FAIL && after.source() == RefundSource.TASK
                ? Optional.of(raise(after, Kind.REFUND_TASK_FAILED, "REFUND_TASK_FAILED:refund:" + after.id(), rawId,
                        "the channel refused the automatic refund " + after.refundNo() + " of trade "
                                + after.channelTradeNo() + " (" + after.amount().minor() + " "
                                + after.amount().currency() + "): " + after.failure().orElse("no reason given")
                                + "; the money is still to be sent back"))
                : Optional.empty();
        return new Changed(refund.status(), after, move.map(m -> order.moved(m.to())).orElse(order), move, refunded,
                alert);
    }

    private Conflict conflict(RefundRow refund, Long rawId, RefundCause cause, String what) {
        String key = "REFUND_CONFLICT:"
                + (rawId != null ? "refund-notice:" + rawId : "refund:" + refund.id() + ":" + cause);
        return new Conflict(refund, raise(refund, Kind.REFUND_CONFLICT, key, rawId,
                what + " (" + refund.refundNo() + ", " + cause + "); nothing was changed: check with the channel"));
    }

    private OpsAlertRaised raise(RefundRow r, Kind kind, String key, Long rawId, String message) {
        OpsAlertRaised alert = Alerts.of(key, kind, Severity.ERROR, about(r, rawId), message, clock.instant());
        alerts.raise(alert);
        return alert;
    }

    /** What an alert about refund {@code r} names. */
    public static About about(RefundRow r, Long rawId) {
        return About.of(r.orderKey(), r.channel().code(), r.channelTradeNo().value(), rawId);
    }

    /**
     * Whole seconds, so the stored time and the event built from it agree whatever the
     * driver does with fractions (see the processor's {@code PaymentApplier.paidAt}).
     */
    private static Instant finishedAt(Answer answer, Instant now) {
        Instant at = answer instanceof Succeeded s && s.at() != null ? s.at() : now;
        return at.truncatedTo(ChronoUnit.SECONDS);
    }

}
