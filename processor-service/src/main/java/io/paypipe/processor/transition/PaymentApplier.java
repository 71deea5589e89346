package io.paypipe.processor.transition;

import static io.paypipe.core.order.OrderEvent.PAYMENT_CLOSED;
import static io.paypipe.core.order.OrderEvent.PAYMENT_SUCCEEDED;
import static io.paypipe.processor.transition.RawNotificationRepository.APPLIED;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.core.order.OrderTransitions;
import io.paypipe.processor.failure.OrderNotFoundException;
import io.paypipe.processor.order.OrderRepository;
import io.paypipe.processor.order.OrderRow;
import io.paypipe.processor.transition.PaymentOutcome.Applied;
import io.paypipe.processor.transition.PaymentOutcome.Closed;
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
 * Applies one notification to its order in ONE database transaction: find the order by (merchant,
 * out_trade_no), compare, guarded transition, ledger row, audit row, raw row settled. No external call
 * happens in here; downstream events are published by the caller after commit.
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
        return switch (n.state()) {
            case SUCCEEDED -> applySuccess(order, n);
            case CLOSED -> applyClose(order, n);
            case UNKNOWN -> setAside.unknownState(n);
        };
    }

    private PaymentOutcome applySuccess(OrderRow order, PaymentNotified n) {
        String tradeNo = n.channelTradeNo().value();
        Optional<OrderStatus> next = OrderTransitions.next(order.status(), PAYMENT_SUCCEEDED);
        if (next.isPresent()) {
            Instant now = clock.instant();
            Instant paidAt = paidAt(n);
            if (orders.markPaid(order.id(), order.status(), next.get(), tradeNo, n.paidAmount(), paidAt, now) == 1) {
                ledger.insert(order.id(), n, OrderPaid.idFor(n.channel(), n.channelTradeNo()), paidAt, now);
                transitions.insert(order.id(), PAYMENT_SUCCEEDED, tradeNo, order.status(), next.get(), n.rawId(), now);
                raws.settle(n.rawId(), APPLIED, "APPLIED", null, now);
                return new Applied(order.paid(next.get(), tradeNo, n.paidAmount(), paidAt));
            }
            order = reload(order); // zero rows: somebody moved it first; re-read and decide on what is there now
        }
        if (order.paidBy(tradeNo)) {
            raws.settle(n.rawId(), APPLIED, "DUPLICATE", null, clock.instant());
            return new Duplicate(order);
        }
        IllegalKind kind = switch (order.status()) {
            case CLOSED -> IllegalKind.PAID_AFTER_CLOSE;
            case PAID, REFUNDING, REFUNDED -> IllegalKind.DOUBLE_PAYMENT;
            case PENDING -> IllegalKind.PAID_IN_OTHER_STATE;
        };
        return setAside.illegal(order, n, kind);
    }

    private PaymentOutcome applyClose(OrderRow order, PaymentNotified n) {
        Optional<OrderStatus> next = OrderTransitions.next(order.status(), PAYMENT_CLOSED);
        if (next.isPresent()) {
            Instant now = clock.instant();
            if (orders.changeStatus(order.id(), order.status(), next.get(), now) == 1) {
                transitions.insert(order.id(), PAYMENT_CLOSED, n.channelTradeNo().value(), order.status(), next.get(),
                        n.rawId(), now);
                raws.settle(n.rawId(), APPLIED, "CLOSED", null, now);
                return new Closed(order.withStatus(next.get()));
            }
            order = reload(order);
        }
        if (order.status() == OrderStatus.CLOSED) {
            raws.settle(n.rawId(), APPLIED, "DUPLICATE", null, clock.instant());
            return new Duplicate(order);
        }
        return setAside.illegal(order, n, IllegalKind.CLOSED_AFTER_PAYMENT);
    }

    private OrderRow load(PaymentNotified n) {
        return orders.find(n.orderKey().merchantId(), n.orderKey().outTradeNo())
                .orElseThrow(() -> new OrderNotFoundException(n.rawId(), n.orderKey()));
    }

    /**
     * What another transaction committed (a locking read): records of one order may be processed at the same
     * time, one from the main topic and one from a retry topic.
     */
    private OrderRow reload(OrderRow order) {
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

    /** Stored at millisecond precision, so a re-publish from the row carries exactly the same value. */
    private static Instant paidAt(PaymentNotified n) {
        return (n.paidAt() != null ? n.paidAt() : n.receivedAt()).truncatedTo(ChronoUnit.MILLIS);
    }
}
