package io.paypipe.reconcile.watch;

/**
 * Transient: an alert is stored but the broker did not confirm it on {@code ops.alert};
 * the record is delivered again, which publishes the same event id again.
 */
class AlertNotPublishedException extends RuntimeException {

    AlertNotPublishedException(String alertKey, Throwable cause) {
        super("alert " + alertKey + " not published to ops.alert", cause);
    }

}
