package io.paypipe.refund.failure;

import io.paypipe.support.failure.TransientRecordException;

/**
 * A record is about a row that is not there (yet), e.g. a refund task whose row the
 * processor has not committed: retried.
 */
public class NotThereYetException extends TransientRecordException {

    public NotThereYetException(String what) {
        super(what + " not found (yet)", null);
    }

}
