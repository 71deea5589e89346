package io.paypipe.refund.failure;

/**
 * A record is about a row that is not there (yet), e.g. a refund task whose row the
 * processor has not committed: retried.
 */
public class NotThereYetException extends TransientRefundException {

    public NotThereYetException(String what) {
        super(what + " not found (yet)", null);
    }

}
