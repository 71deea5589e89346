package io.paypipe.reconcile.order;

import io.paypipe.core.event.OrderClosed;
import io.paypipe.core.id.EventId;
import io.paypipe.core.order.OrderEvent;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.core.order.OrderTransitions;
import io.paypipe.core.topic.Topics;
import io.paypipe.reconcile.publish.EventPublisher;
import io.paypipe.support.order.OrderColumns;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Closes a PENDING order locally, through core's {@link OrderTransitions}: the guarded
 * {@code PENDING -> CLOSED} (with {@code closed_by}) and its {@code order_transition} row
 * in one transaction; when the guard finds the order moved, the order is read again
 * (locked) and what it is now is the answer. After the commit it publishes
 * {@link OrderClosed} to {@code order.closed} with the processor's stable event id
 * ({@code order.closed|<order id>}: an order is closed once, whoever closes it), again
 * for an order found closed already (a redelivery after a crash before the publish). A
 * broker that does not confirm throws (transient: the caller's record is handled again).
 * <ul>
 * <li>{@link OrderEvent#ORDER_CANCELLED}: the expiry closed it at the channel first, so
 * no payment can succeed after it; a payment reported later is a paid-after-close (the
 * processor's PaymentRules: a refund task).</li>
 * <li>{@link OrderEvent#PAYMENT_CLOSED}: the channel's query said closed without a trade
 * (WeChat): as a close the channel reported.</li>
 * </ul>
 */
@Component
public class OrderCloser {

    /** The {@code order_transition.credential} of reconcile-service's closes. */
    public static final String CREDENTIAL = "active-query";

    private static final Logger log = LoggerFactory.getLogger(OrderCloser.class);

    /** What the close found. */
    public sealed interface Result {

        /** The order is CLOSED (now, or before) and order.closed is published. */
        record Closed(OrderClosed event, boolean now) implements Result {
        }

        /**
         * The order is no longer PENDING and not closed (paid meanwhile): left as it is.
         */
        record NotPending(OrderStatus status) implements Result {
        }

    }

    private final OrderRepository orders;

    private final OrderTransitionRepository transitions;

    private final TransactionTemplate tx;

    private final EventPublisher publisher;

    private final Clock clock;

    OrderCloser(OrderRepository orders, OrderTransitionRepository transitions, TransactionTemplate tx,
            EventPublisher publisher, Clock clock) {
        this.orders = orders;
        this.transitions = transitions;
        this.tx = tx;
        this.publisher = publisher;
        this.clock = clock;
    }

    /** Closes {@code order} by {@code event}; {@code reason} goes into order.closed. */
    public Result close(OrderColumns order, OrderEvent event, String reason) {
        OrderStatus to = OrderTransitions.next(OrderStatus.PENDING, event)
            .filter(OrderStatus.CLOSED::equals)
            .orElseThrow(() -> new IllegalArgumentException(event + " does not close a pending order"));
        Instant now = clock.instant();
        OrderStatus found = tx.execute(status -> {
            if (orders.close(order.id(), OrderStatus.PENDING, to, event, now) == 1) {
                transitions.insert(order.id(), event, CREDENTIAL, OrderStatus.PENDING, to, now);
                return OrderStatus.PENDING;
            }
            return orders.lock(order.id()).map(OrderColumns::status).orElseThrow();
        });
        if (found != OrderStatus.PENDING && found != OrderStatus.CLOSED) {
            log.info("order {} (id {}) is {}, not closed by {}", order.key(), order.id(), found, event);
            return new Result.NotPending(found);
        }
        boolean closedNow = found == OrderStatus.PENDING;
        if (closedNow) {
            log.info("order {} (id {}) PENDING -> CLOSED by {} ({})", order.key(), order.id(), event, reason);
        }
        else {
            log.info("order {} (id {}) was CLOSED already; publishing order.closed again", order.key(), order.id());
        }
        OrderClosed closed = new OrderClosed(EventId.derived(Topics.ORDER_CLOSED.name(), order.id().toString()),
                order.id(), order.key(), reason, now);
        publisher.send(Topics.ORDER_CLOSED, order.key().kafkaKey(), closed.eventId(), closed);
        return new Result.Closed(closed, closedNow);
    }

}
