package io.paypipe.reconcile.query;

import io.paypipe.core.id.OrderKey;
import io.paypipe.support.failure.TransientRecordException;

/**
 * An {@code order.created} whose order the processor has not stored yet: retried on
 * reconcile-service's own retry topics of {@code order.created}.
 */
class OrderNotStoredYetException extends TransientRecordException {

    OrderNotStoredYetException(OrderKey key) {
        super("order " + key + " is not stored (yet)", null);
    }

}
