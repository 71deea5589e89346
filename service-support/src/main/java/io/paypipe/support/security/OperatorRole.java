package io.paypipe.support.security;

/**
 * What a signed-in account may do on a service's operator endpoints: {@link #VIEWER}
 * reads (GET), {@link #OPERATOR} reads and acts (every other method).
 */
public enum OperatorRole {

    /** Reads: dead letters, replays, refunds, batches, diffs, status, consumers. */
    VIEWER,

    /** Reads and every action: replay, refund, reconcile, handle a diff, pause. */
    OPERATOR;

    /** The Spring Security authority of the role. */
    String authority() {
        return "ROLE_" + name();
    }

}
