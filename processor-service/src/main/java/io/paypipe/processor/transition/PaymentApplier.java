package io.paypipe.processor.transition;

import static io.paypipe.core.order.OrderEvent.PAYMENT_CLOSED;
import static io.paypipe.core.order.OrderEvent.PAYMENT_SUCCEEDED;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.core.order.OrderTransitions;
import io.paypipe.core.order.PaymentRules;
import io.paypipe.core.order.PaymentRules.OnClose;
import io.paypipe.core.order.PaymentRules.OnSuccess;
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
import io.paypipe.processor.transition.PaymentOutcome.IllegalKind;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Applies one notification to its order in ONE database transaction: find the order by (merchant, out_trade_no),
 * compare, decide by {@link PaymentRules}, guarded transition, ledger row, audit row, raw row settled. No external
 * call happens in here; downstream events are published by the caller after commit.
 */
@Component
class PaymentApplier {

    private final OrderRepository orders;
    private final LedgerRepository ledger;
    private final TransitionRepository transitions;
    private final RawNotificationRepository raws;
    private final SetAside setAside;
    private final TransactionTemplate tx;
    private final Clock clock;

    PaymentApplier(OrderRepository orders, LedgerRepository ledger, TransitionRepository transitions,
                   RawNotificationRepository raws, SetAside setAside, TransactionTemplate tx, Clock clock) {
        this.orders = orders;
        this.ledger = ledger;
        this.transitions = transitions;
        this.raws = raws;
        this.setAside = setAside;
        this.tx = tx;
        this.clock = clock;
    }

    /** Throws {@link OrderNotFoundException} (retried) when the order is not there (yet). */
    PaymentOutcome apply(PaymentNotified n) {
        return tx.execute(status -> decide(n));
    }

    private PaymentOutcome decide(PaymentNotified n) {
        OrderRow order = load(n);
        Optional<String> mismatch = mismatch(order, n);
        if (mismatch.isPresent()) {
            return setAside.mismatch(order, n, mismatch.get());
        }
        // the same trade seen before in the other final state (a close, then a success, or the other way round)
        Optional<RawOutcome> before = raws.outcome(n.rawId());
        boolean contradicted = before.filter(o -> o.contradicts(n.state())).isPresent();
        return switch (n.state()) {
            case SUCCEEDED -> success(order, n, contradicted, true);
            case CLOSED -> close(order, n, contradicted, true);
            // a trade already decided (e.g. paid, now reported in a state we do not know) keeps its outcome
            case UNKNOWN -> setAside.unknownState(n, before.map(o -> o.side() == RawOutcome.Side.NEITHER).orElse(true));
        };
    }

    private PaymentOutcome success(OrderRow order, PaymentNotified n, boolean contradicted, boolean firstTry) {
        String tradeNo = n.channelTradeNo().value();
        TradeRelation relation = !order.isPaid() ? TradeRelation.NONE
                : order.paidBy(tradeNo) ? TradeRelation.SAME : TradeRelation.OTHER;
        OnSuccess rule = PaymentRules.onSuccess(order.status(), order.closedBy(), relation);
        if (rule.books()) {
            OrderStatus to = OrderTransitions.next(order.status(), PAYMENT_SUCCEEDED).orElseThrow();
            Instant now = clock.instant();
            Instant paidAt = paidAt(n);
            if (orders.markPaid(order.id(), order.status(), to, tradeNo, n.paidAmount(), paidAt, now) != 1) {
                return success(reload(order, n, firstTry), n, contradicted, false);
            }
            ledger.insert(order.id(), n, OrderPaid.idFor(n.channel(), n.channelTradeNo()), paidAt, now);
            transitions.insert(order.id(), PAYMENT_SUCCEEDED, tradeNo, order.status(), to, n.rawId(), now);
            raws.settle(n.rawId(), RawOutcome.APPLIED, null, now);
            if (rule == OnSuccess.REOPEN) {
                raws.overruleCloses(order.key(), n.channel(), now);
            }
            return new Applied(order.paid(to, tradeNo, n.paidAmount(), paidAt), order.status(), conflict(rule.conflict() || contradicted,
                    order, n, "the channel closed " + order.key() + ", then trade " + tradeNo + " paid it"));
        }
        Optional<OpsAlertRaised> conflict = conflict(contradicted, order, n,
                "trade " + tradeNo + " was reported closed and paid");
        return switch (rule) {
            case DUPLICATE -> {
                raws.settle(n.rawId(), RawOutcome.DUPLICATE, null, clock.instant());
                yield new Duplicate(order, conflict);
            }
            case DOUBLE_PAYMENT -> setAside.illegal(order, n, IllegalKind.DOUBLE_PAYMENT, conflict);
            case PAID_AFTER_CLOSE -> setAside.illegal(order, n, IllegalKind.PAID_AFTER_CLOSE, conflict);
            case APPLY, REOPEN -> throw new IllegalStateException("booked above: " + rule);
        };
    }

    private PaymentOutcome close(OrderRow order, PaymentNotified n, boolean contradicted, boolean firstTry) {
        String tradeNo = n.channelTradeNo().value();
        if (contradicted) {
            // the trade paid (or was refunded as a second payment): its settled outcome stays, a person checks
            return new CloseOverruled(order, setAside.closeConflict(order, n, "trade " + tradeNo
                    + " was reported paid, then closed"));
        }
        OnClose rule = PaymentRules.onClose(PaymentRules.closeMeaning(n.channel()), order.status());
        Instant now = clock.instant();
        return switch (rule) {
            case CLOSE -> {
                OrderStatus to = OrderTransitions.next(order.status(), PAYMENT_CLOSED).orElseThrow();
                if (orders.markClosed(order.id(), order.status(), to, PAYMENT_CLOSED, now) != 1) {
                    yield close(reload(order, n, firstTry), n, false, false);
                }
                transitions.insert(order.id(), PAYMENT_CLOSED, tradeNo, order.status(), to, n.rawId(), now);
                raws.settle(n.rawId(), RawOutcome.CLOSED, null, now);
                yield new Closed(order.closed(to, PAYMENT_CLOSED));
            }
            case ALREADY_CLOSED -> {
                raws.settle(n.rawId(), RawOutcome.CLOSED, null, now);
                yield new AlreadyClosed(order);
            }
            case ATTEMPT_ENDED -> {
                raws.settle(n.rawId(), RawOutcome.ATTEMPT_ENDED, null, now);
                yield new AttemptEnded(order);
            }
            case OVERRULED -> {
                raws.settle(n.rawId(), RawOutcome.CLOSE_OVERRULED, null, now);
                yield new CloseOverruled(order, setAside.closeConflict(order, n, "trade " + tradeNo + " closed "
                        + order.key() + ", which trade " + order.channelTradeNo().orElse("?") + " paid"));
            }
        };
    }

    private Optional<OpsAlertRaised> conflict(boolean raise, OrderRow order, PaymentNotified n, String what) {
        return raise ? Optional.of(setAside.closeConflict(order, n, what)) : Optional.empty();
    }

    private OrderRow load(PaymentNotified n) {
        return orders.find(n.orderKey().merchantId(), n.orderKey().outTradeNo())
                .orElseThrow(() -> new OrderNotFoundException(n.rawId(), n.orderKey()));
    }

    /**
     * A guarded update changed nothing: another record of this order (main and retry topic run at once) moved it.
     * Re-read what that transaction committed (a locking read, not this transaction's snapshot) and decide again,
     * once; a second miss is retried as a whole.
     */
    private OrderRow reload(OrderRow order, PaymentNotified n, boolean firstTry) {
        if (!firstTry) {
            throw new OrderChangedConcurrentlyException(order.id(), n.rawId());
        }
        return orders.findForUpdate(order.id()).orElseThrow();
    }

    /** Merchant, currency and order amount must all agree; the paid amount is booked, not compared. */
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
     * Whole seconds, so that a re-publish from the stored row carries exactly the value the first publish did:
     * Connector/J takes a MariaDB that announces itself as {@code 5.5.5-10.x} for a server without fractional
     * seconds and writes DATETIME(3) columns without them. The channels send whole seconds anyway.
     */
    private static Instant paidAt(PaymentNotified n) {
        return (n.paidAt() != null ? n.paidAt() : n.receivedAt()).truncatedTo(ChronoUnit.SECONDS);
    }
}
