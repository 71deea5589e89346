package io.paypipe.processor.failure;

import io.paypipe.core.id.OrderKey;
import io.paypipe.support.failure.TransientRecordException;

/**
 * A payment notification arrived for an order the processor does not know (yet): retried.
 */
public class OrderNotFoundException extends TransientRecordException {

    private final long rawId;

    private final OrderKey orderKey;

    public OrderNotFoundException(long rawId, OrderKey orderKey) {
        super("order not found: " + orderKey + " (raw " + rawId + ")", null);
        this.rawId = rawId;
        this.orderKey = orderKey;
    }

    public long rawId() {
        return rawId;
    }

    public OrderKey orderKey() {
        return orderKey;
    }

}
