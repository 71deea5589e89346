package io.paypipe.core.order;

import static io.paypipe.core.order.OrderEvent.*;
import static io.paypipe.core.order.OrderStatus.*;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The order state machine as data: a whitelist of (from, event) -> to. Anything absent is
 * illegal and must be reported, never silently ignored.
 */
public final class OrderTransitions {

    private static final Map<OrderStatus, Map<OrderEvent, OrderStatus>> TABLE = new EnumMap<>(OrderStatus.class);

    static {
        allow(PENDING, PAYMENT_SUCCEEDED, PAID);
        allow(PENDING, PAYMENT_CLOSED, CLOSED);
        allow(PENDING, ORDER_CANCELLED, CLOSED);
        // Only for an order the CHANNEL closed (closed_by = PAYMENT_CLOSED): a verified
        // payment overrules the close
        // (PaymentRules: REOPEN). An order the merchant cancelled never takes it: its
        // payment goes back.
        allow(CLOSED, PAYMENT_SUCCEEDED, PAID);
        // Refunds: the target is computed from the payment's refund sums
        // (RefundProgress),
        // never "back to PAID because one refund failed" while money is refunded or in
        // flight.
        for (OrderStatus refundable : List.of(PAID, REFUNDING, PARTIALLY_REFUNDED)) {
            allow(refundable, REFUND_STARTED, REFUNDING);
            allow(refundable, REFUNDS_SETTLED_FULLY, REFUNDED);
        }
        allow(REFUNDING, REFUNDS_SETTLED_PARTLY, PARTIALLY_REFUNDED);
        // a refund made outside the product (the channel's dashboard) settles without
        // starting
        allow(PAID, REFUNDS_SETTLED_PARTLY, PARTIALLY_REFUNDED);
        allow(PARTIALLY_REFUNDED, REFUNDS_SETTLED_PARTLY, PARTIALLY_REFUNDED);
        allow(REFUNDING, REFUNDS_SETTLED_NONE, PAID);
    }

    private OrderTransitions() {
    }

    private static void allow(OrderStatus from, OrderEvent event, OrderStatus to) {
        TABLE.computeIfAbsent(from, f -> new EnumMap<>(OrderEvent.class)).put(event, to);
    }

    /**
     * The status after {@code event} in {@code from}, or empty when the whitelist lacks
     * the pair.
     */
    public static Optional<OrderStatus> next(OrderStatus from, OrderEvent event) {
        return Optional.ofNullable(TABLE.getOrDefault(from, Map.of()).get(event));
    }

    /** The whole table, read-only, for documentation and exhaustive tests. */
    public static Map<OrderStatus, Map<OrderEvent, OrderStatus>> table() {
        return Collections.unmodifiableMap(TABLE);
    }

}
