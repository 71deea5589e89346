package io.paypipe.core.event;

import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import java.time.Instant;

/** An unpaid order was closed: the channel reported the payment over without money. */
public record OrderClosed(EventId eventId, OrderId orderId, OrderKey orderKey, String reason, Instant closedAt) {
}
