package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.order.OrderEvent;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.processor.order.OrderRepository;
import io.paypipe.processor.order.OrderRow;
import java.time.Instant;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The per-record path's {@link PaymentStore}: every read and write is its own statement
 * on the repositories, in the transaction of the one notification. The order is read
 * without a lock; its guarded update finds out whether another record moved it first.
 */
@Component
class DirectStore implements PaymentStore {

    private final OrderRepository orders;

    private final LedgerRepository ledger;

    private final TransitionRepository transitions;

    private final RawSettlementRepository raws;

    DirectStore(OrderRepository orders, LedgerRepository ledger, TransitionRepository transitions,
            RawSettlementRepository raws) {
        this.orders = orders;
        this.ledger = ledger;
        this.transitions = transitions;
        this.raws = raws;
    }

    @Override
    public Optional<OrderRow> order(PaymentNotified n) {
        return orders.find(n.orderKey().merchantId(), n.orderKey().outTradeNo());
    }

    @Override
    public OrderRow relock(OrderRow order) {
        return orders.lock(order.id()).orElseThrow();
    }

    @Override
    public Optional<RawOutcome> rawOutcome(long rawId) {
        return raws.outcome(rawId);
    }

    @Override
    public boolean markPaid(OrderRow order, OrderRow paid, Instant now) {
        return orders.markPaid(order.id(), order.status(), paid.status(), paid.channelTradeNo().orElseThrow(),
                paid.paidAmount().orElseThrow(), paid.paidAt().orElseThrow(), now) == 1;
    }

    @Override
    public boolean markClosed(OrderRow order, OrderRow closed, Instant now) {
        return orders.markClosed(order.id(), order.status(), closed.status(), closed.closedBy().orElseThrow(),
                now) == 1;
    }

    @Override
    public void ledger(OrderRow paid, PaymentNotified n, EventId eventId, Instant now) {
        ledger.insert(paid.id(), n, eventId, paid.paidAt().orElseThrow(), now);
    }

    @Override
    public void transition(OrderRow from, OrderEvent event, String credential, OrderStatus to, long rawId,
            Instant now) {
        transitions.insert(from.id(), event, credential, from.status(), to, rawId, now);
    }

    @Override
    public void settle(long rawId, RawOutcome outcome, String error, Instant now) {
        raws.settle(rawId, outcome, error, now);
    }

    @Override
    public void overruleCloses(OrderKey order, Channel channel, Instant now) {
        raws.overruleCloses(order, channel, now);
    }

}
