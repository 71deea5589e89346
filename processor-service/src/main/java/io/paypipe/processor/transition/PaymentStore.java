package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.order.OrderEvent;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.processor.order.OrderRow;
import java.time.Instant;
import java.util.Optional;

/**
 * What deciding one notification reads and writes ({@link PaymentApplier}), inside the
 * caller's transaction. The decision code is one and the same for both paths; only where
 * its reads and writes go differs: {@link DirectStore} runs each as its own statement
 * (one record, one transaction), {@link BatchStore} reads a whole batch's orders and raw
 * rows up front and keeps the writes in memory, so that a second notification of an order
 * in the same batch sees what the first one did, and writes them together at the end.
 */
interface PaymentStore {

    /** The notification's order, by the merchant's order number; empty if not there. */
    Optional<OrderRow> order(PaymentNotified n);

    /**
     * The order again, locked, as another transaction committed it, after a guarded
     * update found it moved.
     */
    OrderRow relock(OrderRow order);

    /** The outcome raw row {@code rawId} holds now, if it has one. */
    Optional<RawOutcome> rawOutcome(long rawId);

    /**
     * The guarded {@code order.status()} -> {@code paid.status()} of a payment; false
     * when another transaction moved the order first.
     */
    boolean markPaid(OrderRow order, OrderRow paid, Instant now);

    /** The guarded {@code order.status()} -> {@code closed.status()}; false as above. */
    boolean markClosed(OrderRow order, OrderRow closed, Instant now);

    /** The ledger row of a payment that paid its order. */
    void ledger(OrderRow paid, PaymentNotified n, EventId eventId, Instant now);

    /** The audit row of an applied transition. */
    void transition(OrderRow from, OrderEvent event, String credential, OrderStatus to, long rawId, Instant now);

    /**
     * Settles raw row {@code rawId} with {@code outcome} ({@code error} says why it needs
     * a person, else null); a {@link RawOutcome#DUPLICATE} keeps an outcome the row has.
     */
    void settle(long rawId, RawOutcome outcome, String error, Instant now);

    /** A payment overruled the channel's closes of this order: their rows say so. */
    void overruleCloses(OrderKey order, Channel channel, Instant now);

}
