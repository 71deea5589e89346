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
import io.paypipe.processor.order.OrderRepository;
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
 * downstream events are published by the caller after commit.
 */
@Component
class PaymentApplier {

    private final OrderRepository orders;

    private final LedgerRepository ledger;

    private final TransitionRepository transitions;

    private final RawSettlementRepository raws;

    private final SetAside setAside;

    private final TransactionTemplate tx;

    private final Clock clock;

    PaymentApplier(OrderRepository orders, LedgerRepository ledger, TransitionRepository transitions,
            RawSettlementRepository raws, SetAside setAside, TransactionTemplate tx, Clock clock) {
        this.orders = orders;
        this.ledger = ledger;
        this.transitions = transitions;
        this.raws = raws;
        this.setAside = setAside;
        this.tx = tx;
        this.clock = clock;
    }

    /**
     * Throws {@link OrderNotFoundException} (retried) when the order is not there (yet).
     */
    Decided apply(PaymentNotified n) {
        return tx.execute(status -> new Decided(decide(n), raws.outcome(n.rawId())));
    }

    private PaymentOutcome decide(PaymentNotified n) {
        OrderRow order = load(n);
        Optional<String> mismatch = mismatch(order, n);
        if (mismatch.isPresent()) {
            return setAside.mismatch(order, n, mismatch.get());
        }
        // what the same trade was settled with before (e.g. a close, now a success:
        // PaymentRules.decide)
        Optional<RawOutcome> before = raws.outcome(n.rawId());
        return switch (n.state()) {
            case SUCCEEDED, CLOSED -> apply(order, n, Notice.of(n.state(), n.channel()), before, true);
            // a trade already decided (e.g. paid, now reported in a state we do not know)
            // keeps its outcome
            case UNKNOWN -> setAside.unknownState(n, before.map(o -> o.side() == RawOutcome.Side.NEITHER).orElse(true));
        };
    }

    private PaymentOutcome apply(OrderRow order, PaymentNotified n, Notice notice, Optional<RawOutcome> before,
            boolean firstTry) {
        String tradeNo = n.channelTradeNo().value();
        PaymentRule rule = PaymentRules.decide(new Key(Standing.of(order.status(), order.closedBy()), notice,
                TradeRelation.of(order.channelTradeNo(), tradeNo)), before);
        Instant now = clock.instant();
        OrderRow moved = order;
        if (rule.decision().transition().isPresent()) {
            OrderEvent event = rule.decision().transition().get();
            OrderStatus to = OrderTransitions.next(order.status(), event).orElseThrow();
            Optional<OrderRow> after = event == PAYMENT_SUCCEEDED ? pay(order, n, to, now) : close(order, to, now);
            if (after.isEmpty()) {
                return apply(reload(order, n, firstTry), n, notice, before, false);
            }
            transitions.insert(order.id(), event, tradeNo, order.status(), to, n.rawId(), now);
            moved = after.get();
        }
        if (rule.decision() != Decision.SET_ASIDE) { // money set aside is settled with
                                                     // the reason (SetAside.illegal)
            rule.outcome().ifPresent(outcome -> raws.settle(n.rawId(), outcome, null, now));
        }
        if (rule.decision() == Decision.REOPEN) {
            raws.overruleCloses(order.key(), n.channel(), now);
        }
        Optional<OpsAlertRaised> conflict = setAside.orderAlert(order, n, rule);
        return switch (rule.decision()) {
            case APPLY, REOPEN -> new Applied(moved, order.status(), rule, conflict);
            case REPUBLISH_PAID -> new Duplicate(order, rule, conflict);
            case CLOSE -> new Closed(moved, rule);
            case REPUBLISH_CLOSED -> new AlreadyClosed(order, rule);
            case LEAVE_ORDER -> new AttemptEnded(order, rule);
            case OVERRULE_CLOSE -> new CloseOverruled(order, rule, conflict.orElseThrow());
            case SET_ASIDE -> setAside.illegal(order, n, rule, conflict);
        };
    }

    /**
     * The guarded PENDING/CLOSED -> PAID and the ledger row; empty when another record
     * moved the order first.
     */
    private Optional<OrderRow> pay(OrderRow order, PaymentNotified n, OrderStatus to, Instant now) {
        String tradeNo = n.channelTradeNo().value();
        Instant paidAt = paidAt(n);
        if (orders.markPaid(order.id(), order.status(), to, tradeNo, n.paidAmount(), paidAt, now) != 1) {
            return Optional.empty();
        }
        ledger.insert(order.id(), n, OrderPaid.idFor(n.channel(), n.channelTradeNo()), paidAt, now);
        return Optional.of(order.paid(to, tradeNo, n.paidAmount(), paidAt));
    }

    /**
     * The guarded PENDING -> CLOSED by the channel; empty when another record moved the
     * order first.
     */
    private Optional<OrderRow> close(OrderRow order, OrderStatus to, Instant now) {
        if (orders.markClosed(order.id(), order.status(), to, PAYMENT_CLOSED, now) != 1) {
            return Optional.empty();
        }
        return Optional.of(order.closed(to, PAYMENT_CLOSED));
    }

    private OrderRow load(PaymentNotified n) {
        return orders.find(n.orderKey().merchantId(), n.orderKey().outTradeNo())
            .orElseThrow(() -> new OrderNotFoundException(n.rawId(), n.orderKey()));
    }

    /**
     * A guarded update changed nothing: another record of this order (main and retry
     * topic run at once) moved it. Re-read what that transaction committed (a locking
     * read, not this transaction's snapshot) and decide again, once; a second miss is
     * retried as a whole.
     */
    private OrderRow reload(OrderRow order, PaymentNotified n, boolean firstTry) {
        if (!firstTry) {
            throw new OrderChangedConcurrentlyException(order.id(), n.rawId());
        }
        return orders.lock(order.id()).orElseThrow();
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
