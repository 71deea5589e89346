package io.paypipe.core.event;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderKey;
import java.time.Instant;

/**
 * A refund that is not final yet (PENDING or ACCEPTED) must be queried at its channel:
 * written by refund-service when it records or sends a refund, consumed on
 * {@code refund.query} and its delayed retry topics (the query ladder) until the refund
 * is final; after the last level an alert. The id is derived from the merchant and our
 * refund number: one query chain per refund however often it is requested.
 */
public record RefundQueryDue(EventId eventId, long refundId, OrderKey orderKey, Channel channel, String refundNo,
        Instant requestedAt) {

    public static EventId idFor(OrderKey key, String refundNo) {
        return EventId.derived("refund.query", key.merchantId().value(), refundNo);
    }
}
