package io.paypipe.processor.transition;

import static io.paypipe.core.order.OrderEvent.PAYMENT_CLOSED;
import static io.paypipe.core.order.OrderEvent.PAYMENT_SUCCEEDED;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.order.OrderEvent;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.core.order.OrderTransitions;
import io.paypipe.core.order.PaymentRule;
import io.paypipe.core.order.PaymentRule.Decision;
import io.paypipe.core.order.PaymentRules;
import io.paypipe.core.order.PaymentRules.Key;
import io.paypipe.core.order.PaymentRules.Notice;
import io.paypipe.core.order.PaymentRules.Standing;
import io.paypipe.core.order.PaymentRules.TradeRelation;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.processor.failure.OrderChangedConcurrentlyException;
import io.paypipe.processor.failure.OrderNotFoundException;
import io.paypipe.processor.order.OrderRow;
import io.paypipe.processor.transition.PaymentOutcome.AlreadyClosed;
import io.paypipe.processor.transition.PaymentOutcome.Applied;
import io.paypipe.processor.transition.PaymentOutcome.AttemptEnded;
import io.paypipe.processor.transition.PaymentOutcome.Closed;
import io.paypipe.processor.transition.PaymentOutcome.CloseOverruled;
import io.paypipe.processor.transition.PaymentOutcome.Duplicate;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Applies one notification to its order in ONE database transaction: find the order by
 * (merchant, out_trade_no), compare, look up the payment rules' row
 * ({@link PaymentRules}), guarded transition, ledger row, audit row, raw row settled with
 * the row's outcome, its alerts and refund task. No external call happens in here;
 * downstream events are published by the caller after commit. {@link #decide} is the
 * decision itself, on a {@link PaymentStore}: the per-record path's ({@link #apply}, one
 * transaction per notification) or the batch path's ({@link BatchApplier}, one
 * transaction for a whole batch, the same decisions in the same order).
 */
@Component
class PaymentApplier {

    private final DirectStore direct;

    private final SetAside setAside;

    private final TransactionTemplate tx;

    private final Clock clock;

    PaymentApplier(DirectStore direct, SetAside setAside, TransactionTemplate tx, Clock clock) {
        this.direct = direct;
        this.setAside = setAside;
        this.tx = tx;
        this.clock = clock;
    }

    /**
     * Throws {@link OrderNotFoundException} (retried) when the order is not there (yet).
     */
    Decided apply(PaymentNotified n) {
        return tx.execute(status -> decide(n, direct));
    }

    /**
     * Decides {@code n} on {@code store}, in the caller's transaction, and reads back the
     * outcome its raw row holds after it.
     */
    Decided decide(PaymentNotified n, PaymentStore store) {
        return new Decided(outcome(n, store), store.rawOutcome(n.rawId()));
    }

    private PaymentOutcome outcome(PaymentNotified n, PaymentStore store) {
        OrderRow order = store.order(n).orElseThrow(() -> new OrderNotFoundException(n.rawId(), n.orderKey()));
        Optional<String> mismatch = mismatch(order, n);
        if (mismatch.isPresent()) {
            return setAside.mismatch(order, n, mismatch.get(), store);
        }
        // what the same trade was settled with before (e.g. a close, now a success:
        // PaymentRules.decide)
        Optional<RawOutcome> before = store.rawOutcome(n.rawId());
        return switch (n.state()) {
            case SUCCEEDED, CLOSED -> apply(order, n, Notice.of(n.state(), n.channel()), before, store, true);
            // a trade already decided (e.g. paid, now reported in a state we do not know)
            // keeps its outcome
            case UNKNOWN ->
                setAside.unknownState(n, before.map(o -> o.side() == RawOutcome.Side.NEITHER).orElse(true), store);
        };
    }

    private PaymentOutcome apply(OrderRow order, PaymentNotified n, Notice notice, Optional<RawOutcome> before,
            PaymentStore store, boolean firstTry) {
        String tradeNo = n.channelTradeNo().value();
        PaymentRule rule = PaymentRules.decide(new Key(Standing.of(order.status(), order.closedBy()), notice,
                TradeRelation.of(order.channelTradeNo(), tradeNo)), before);
        Instant now = clock.instant();
        OrderRow moved = order;
        if (rule.decision().transition().isPresent()) {
            OrderEvent event = rule.decision().transition().get();
            OrderStatus to = OrderTransitions.next(order.status(), event).orElseThrow();
            Optional<OrderRow> after = event == PAYMENT_SUCCEEDED ? pay(order, n, to, store, now)
                    : close(order, to, store, now);
            if (after.isEmpty()) {
                return apply(reload(order, n, store, firstTry), n, notice, before, store, false);
            }
            store.transition(order, event, tradeNo, to, n.rawId(), now);
            moved = after.get();
        }
        if (rule.decision() != Decision.SET_ASIDE) { // money set aside is settled with
                                                     // the reason (SetAside.illegal)
            rule.outcome().ifPresent(outcome -> store.settle(n.rawId(), outcome, null, now));
        }
        if (rule.decision() == Decision.REOPEN) {
            store.overruleCloses(order.key(), n.channel(), now);
        }
        Optional<OpsAlertRaised> conflict = setAside.orderAlert(order, n, rule);
        return switch (rule.decision()) {
            case APPLY, REOPEN -> new Applied(moved, order.status(), rule, conflict);
            case REPUBLISH_PAID -> new Duplicate(order, rule, conflict);
            case CLOSE -> new Closed(moved, rule);
            case REPUBLISH_CLOSED -> new AlreadyClosed(order, rule);
            case LEAVE_ORDER -> new AttemptEnded(order, rule);
            case OVERRULE_CLOSE -> new CloseOverruled(order, rule, conflict.orElseThrow());
            case SET_ASIDE -> setAside.illegal(order, n, rule, conflict, store);
        };
    }

    /**
     * The guarded PENDING/CLOSED -> PAID and the ledger row; empty when another record
     * moved the order first.
     */
    private static Optional<OrderRow> pay(OrderRow order, PaymentNotified n, OrderStatus to, PaymentStore store,
            Instant now) {
        OrderRow paid = order.paid(to, n.channelTradeNo().value(), n.paidAmount(), paidAt(n));
        if (!store.markPaid(order, paid, now)) {
            return Optional.empty();
        }
        store.ledger(paid, n, OrderPaid.idFor(n.channel(), n.channelTradeNo()), now);
        return Optional.of(paid);
    }

    /**
     * The guarded PENDING -> CLOSED by the channel; empty when another record moved the
     * order first.
     */
    private static Optional<OrderRow> close(OrderRow order, OrderStatus to, PaymentStore store, Instant now) {
        OrderRow closed = order.closed(to, PAYMENT_CLOSED);
        return store.markClosed(order, closed, now) ? Optional.of(closed) : Optional.empty();
    }

    /**
     * A guarded update changed nothing: another record of this order (main and retry
     * topic run at once) moved it. Re-read what that transaction committed (a locking
     * read, not this transaction's snapshot) and decide again, once; a second miss is
     * retried as a whole.
     */
    private static OrderRow reload(OrderRow order, PaymentNotified n, PaymentStore store, boolean firstTry) {
        if (!firstTry) {
            throw new OrderChangedConcurrentlyException(order.id(), n.rawId());
        }
        return store.relock(order);
    }

    /**
     * Merchant, currency and order amount must all agree; the paid amount is booked, not
     * compared.
     */
    static Optional<String> mismatch(OrderRow order, PaymentNotified n) {
        if (!order.key().tenantId().equals(n.orderKey().tenantId())) {
            return Optional.of("tenant " + n.orderKey().tenantId() + " != " + order.key().tenantId());
        }
        if (!Objects.equals(order.spMerchantId().orElse(null), n.spMerchantId())) {
            return Optional.of("service provider " + n.spMerchantId() + " != " + order.spMerchantId().orElse(null));
        }
        if (order.channel() != n.channel()) {
            return Optional.of("channel " + n.channel() + " != " + order.channel());
        }
        if (!order.amount().sameCurrency(n.orderAmount()) || !order.amount().sameCurrency(n.paidAmount())) {
            return Optional.of("currency " + n.orderAmount().currency() + " != " + order.amount().currency());
        }
        if (order.amount().minor() != n.orderAmount().minor()) {
            return Optional.of("order amount " + n.orderAmount().minor() + " != " + order.amount().minor());
        }
        return Optional.empty();
    }

    /**
     * Whole seconds, so that a re-publish from the stored row carries exactly the value
     * the first publish did: Connector/J takes a MariaDB that announces itself as
     * {@code 5.5.5-10.x} for a server without fractional seconds and writes DATETIME(3)
     * columns without them. The channels send whole seconds anyway.
     */
    private static Instant paidAt(PaymentNotified n) {
        return (n.paidAt() != null ? n.paidAt() : n.receivedAt()).truncatedTo(ChronoUnit.SECONDS);
    }

}
