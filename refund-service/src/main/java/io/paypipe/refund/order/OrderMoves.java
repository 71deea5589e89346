package io.paypipe.refund.order;

import io.paypipe.core.order.OrderEvent;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.core.order.OrderTransitions;
import io.paypipe.core.order.RefundProgress;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Moves an order's refund status, inside the caller's transaction that holds the order's
 * lock: always through {@link OrderTransitions}, a guarded UPDATE and an
 * {@code order_transition} row credited to the refund number that caused it. Once every
 * refund of the order's payment is final the status is computed from the refund sums
 * ({@link RefundProgress}), never "back to PAID because one refund failed".
 */
@Component
public class OrderMoves {

    private static final Logger log = LoggerFactory.getLogger(OrderMoves.class);

    private final OrderRepository orders;

    private final OrderTransitionRepository transitions;

    private final Clock clock;

    OrderMoves(OrderRepository orders, OrderTransitionRepository transitions, Clock clock) {
        this.orders = orders;
        this.transitions = transitions;
        this.clock = clock;
    }

    /** A transition of an order: from, event, to. */
    public record OrderMove(OrderStatus from, OrderEvent event, OrderStatus to) {
    }

    /** A refund of the paying trade was recorded: the order is REFUNDING. */
    public OrderMove start(OrderRow order, String refundNo) {
        return move(order, OrderEvent.REFUND_STARTED, refundNo).orElseThrow(() -> new IllegalStateException(
                "order " + order.id() + " cannot start a refund from " + order.status()));
    }

    /**
     * The order's status as the sums of its paying trade's refunds call for, once none is
     * in flight; empty while one is, or when the status is that already.
     */
    public Optional<OrderMove> settle(OrderRow order, RefundProgress progress, String refundNo) {
        Optional<OrderEvent> event = progress.settledEvent();
        if (event.isEmpty() || progress.status() == order.status()) {
            return Optional.empty();
        }
        Optional<OrderMove> move = move(order, event.get(), refundNo);
        if (move.isEmpty()) {
            log.warn("order {} is {}: no transition on {} (refund {}); left as it is", order.id(), order.status(),
                    event.get(), refundNo);
        }
        return move;
    }

    private Optional<OrderMove> move(OrderRow order, OrderEvent event, String refundNo) {
        Optional<OrderStatus> to = OrderTransitions.next(order.status(), event);
        if (to.isEmpty()) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        if (orders.move(order.id(), order.status(), to.get(), now) != 1) {
            throw new IllegalStateException("order " + order.id() + " left " + order.status() + " under its lock");
        }
        transitions.insert(order.id(), event, refundNo, order.status(), to.get(), now);
        return Optional.of(new OrderMove(order.status(), event, to.get()));
    }

}
