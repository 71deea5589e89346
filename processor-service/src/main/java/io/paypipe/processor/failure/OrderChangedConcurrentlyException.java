package io.paypipe.processor.failure;

import io.paypipe.core.id.OrderId;
import io.paypipe.support.failure.TransientRecordException;

/**
 * A guarded update changed nothing twice in a row for one notification: another record of
 * the same order moved it in between (records of one order may run at once on the main
 * and a retry topic). Retried.
 */
public class OrderChangedConcurrentlyException extends TransientRecordException {

    public OrderChangedConcurrentlyException(OrderId orderId, long rawId) {
        super("order " + orderId + " changed twice while raw " + rawId + " was applied", null);
    }

}
