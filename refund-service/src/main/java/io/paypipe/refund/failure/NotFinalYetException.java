package io.paypipe.refund.failure;

import io.paypipe.support.failure.TransientRecordException;

/**
 * A refund is not final yet: its query record climbs to the next level of the query
 * ladder; after the last one the dead-letter handler raises REFUND_UNRESOLVED.
 */
public class NotFinalYetException extends TransientRecordException {

    public NotFinalYetException(String message) {
        super(message, null);
    }

}
