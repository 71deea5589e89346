package io.paypipe.reconcile.query;

import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.support.failure.TransientRecordException;

/**
 * A due record read before the step that published it moved its chain's row (a record due
 * at once, on {@code payment.query}): handled again in place a moment later, when the
 * move has landed, instead of being taken for stale and leaving the chain without its
 * live record.
 */
class ChainNotMovedYetException extends TransientRecordException {

    ChainNotMovedYetException(EventId record, OrderKey key, int attempt) {
        super("payment query " + record + " (attempt " + attempt + " of order " + key
                + ") is ahead of its chain's row: the step that published it has not moved the row yet", null);
    }

}
