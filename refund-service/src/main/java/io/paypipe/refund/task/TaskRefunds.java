package io.paypipe.refund.task;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.core.order.RefundProgress;
import io.paypipe.core.refund.RefundStatus;
import io.paypipe.refund.failure.NotThereYetException;
import io.paypipe.refund.order.OrderRepository;
import io.paypipe.refund.order.OrderRow;
import io.paypipe.refund.order.Payment;
import io.paypipe.refund.order.Payments;
import io.paypipe.refund.send.QuerySchedule;
import io.paypipe.refund.send.RefundSender;
import io.paypipe.refund.store.NewRefund;
import io.paypipe.refund.store.RefundCause;
import io.paypipe.refund.store.RefundRepository;
import io.paypipe.refund.store.RefundRow;
import io.paypipe.refund.store.RefundSource;
import io.paypipe.refund.store.RefundTaskRepository;
import io.paypipe.refund.store.RefundTransitionRepository;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A refund task (double payment, paid after close) becomes a full refund of its channel
 * trade: the payment is the task's trade and paid is the task's amount; the order's
 * status is not moved (its own payment is untouched). The refund number is derived from
 * the task's event id ({@link #refundNo}) and the refund row is unique per task, so a
 * redelivered, retried or replayed task finds its refund and never makes a second one.
 */
@Service
class TaskRefunds {

    private static final Logger log = LoggerFactory.getLogger(TaskRefunds.class);

    private final Payments payments;

    private final OrderRepository orders;

    private final RefundRepository refunds;

    private final RefundTransitionRepository transitions;

    private final RefundTaskRepository tasks;

    private final QuerySchedule queries;

    private final RefundSender sender;

    private final AlertRepository alerts;

    private final AlertPublisher alertPublisher;

    private final TransactionTemplate tx;

    private final Clock clock;

    TaskRefunds(Payments payments, OrderRepository orders, RefundRepository refunds,
            RefundTransitionRepository transitions, RefundTaskRepository tasks, QuerySchedule queries,
            RefundSender sender, AlertRepository alerts, AlertPublisher alertPublisher, TransactionTemplate tx,
            Clock clock) {
        this.payments = payments;
        this.orders = orders;
        this.refunds = refunds;
        this.transitions = transitions;
        this.tasks = tasks;
        this.queries = queries;
        this.sender = sender;
        this.alerts = alerts;
        this.alertPublisher = alertPublisher;
        this.tx = tx;
        this.clock = clock;
    }

    /** Our refund number of the task's refund: the same for every copy of the task. */
    static String refundNo(RefundTaskCreated task) {
        return "RT_" + task.eventId().value().replace("-", "");
    }

    void handle(RefundTaskCreated task) {
        Payment payment = payments.task(task.orderId(), task.channel(), task.channelTradeNo())
            .orElseThrow(() -> new NotThereYetException(
                    "refund task of order " + task.orderId() + " for trade " + task.channelTradeNo()));
        long taskId = payment.refundTaskId().orElseThrow();
        Optional<RefundRow> existing = refunds.findByTask(taskId);
        if (existing.isEmpty()) {
            Outcome outcome;
            try {
                outcome = tx.execute(status -> createLocked(task, payment));
            }
            catch (DuplicateKeyException made) {
                outcome = new Exists(refunds.findByTask(taskId).orElseThrow(() -> made));
            }
            switch (outcome) {
                case Created c -> {
                    log.info("refund task {} ({} of order {}) stored as {}", taskId, task.reason(), task.orderKey(),
                            c.refund());
                    queries.schedule(c.refund());
                    sender.send(c.refund(), RefundCause.TASK);
                    return;
                }
                case Refused r -> {
                    // after commit, and only by the copy that stored the alert
                    r.newAlert().ifPresent(alertPublisher::publishQuietly);
                    return;
                }
                case Exists e -> existing = Optional.of(e.refund());
            }
        }
        log.info("refund task {} of order {} has its refund already: {}", taskId, task.orderKey(), existing.get());
        if (!existing.get().status().isFinal()) {
            queries.schedule(existing.get());
        }
    }

    private sealed interface Outcome {

    }

    private record Created(RefundRow refund) implements Outcome {
    }

    private record Exists(RefundRow refund) implements Outcome {
    }

    /** {@code newAlert}: the alert this copy of the task stored, none when it existed. */
    private record Refused(Optional<OpsAlertRaised> newAlert) implements Outcome {
    }

    private Outcome createLocked(RefundTaskCreated task, Payment payment) {
        OrderRow order = orders.lock(task.orderId())
            .orElseThrow(() -> new NotThereYetException("order " + task.orderId()));
        Optional<RefundRow> again = refunds.findByTask(payment.refundTaskId().orElseThrow());
        if (again.isPresent()) {
            return new Exists(again.get());
        }
        RefundProgress progress = refunds.progress(payment);
        if (!progress.admits(payment.paid().minor())) {
            tasks.settle(payment.refundTaskId().orElseThrow(), RefundTaskRepository.FAILED, clock.instant());
            return new Refused(refuse(task, payment, progress));
        }
        Instant now = clock.instant();
        long id = refunds.insert(new NewRefund(refundNo(task), order.key(), order.spMerchantId(), payment,
                payment.paid(), RefundSource.TASK, "automatic refund: " + task.reason(), "refund-task"), now);
        transitions.insert(id, RefundTransitionRepository.NEW, RefundStatus.PENDING.name(), RefundCause.TASK, null,
                "refund task " + payment.refundTaskId().orElseThrow() + " (" + task.reason() + ")", now);
        tasks.refunding(payment.refundTaskId().orElseThrow(), now);
        return new Created(refunds.find(id).orElseThrow());
    }

    private Optional<OpsAlertRaised> refuse(RefundTaskCreated task, Payment payment, RefundProgress progress) {
        String key = "REFUND_TASK_FAILED:refund-task:" + payment.refundTaskId().orElseThrow();
        OpsAlertRaised alert = Alerts.of(key, Kind.REFUND_TASK_FAILED, Severity.ERROR,
                About.of(task.orderKey(), task.channel().code(), task.channelTradeNo().value(), null),
                "trade " + task.channelTradeNo() + " cannot take the automatic full refund of " + payment.paid().minor()
                        + ": refunded " + progress.succeededMinor() + ", in flight " + progress.inFlightMinor(),
                clock.instant());
        if (!alerts.raise(alert)) {
            log.info("refund task {} refused again, its alert is raised already", payment.refundTaskId().orElseThrow());
            return Optional.empty();
        }
        log.warn("{}", alert.message());
        return Optional.of(alert);
    }

}
