package io.paypipe.support.security;

/**
 * What a signed-in account may do on a service's operator endpoints: {@link #VIEWER}
 * reads (GET), {@link #OPERATOR} reads and acts (every other method), {@link #CONSOLE}
 * only acts for the person it names ({@link OnBehalf}).
 */
public enum OperatorRole {

    /** Reads: dead letters, replays, refunds, batches, diffs, status, consumers. */
    VIEWER,

    /** Reads and every action: replay, refund, reconcile, handle a diff, pause. */
    OPERATOR,

    /**
     * The operator console's service account (processor-service): on the API chain it
     * names, in {@value OnBehalf#HEADER}, the signed-in OPERATOR it acts for, and the
     * request is that person's ({@link SignedIn}); without the header it may do nothing,
     * and no other account may send the header. Not a role of a person: the console's own
     * sign-in refuses it.
     */
    CONSOLE;

    /** The Spring Security authority of the role. */
    String authority() {
        return "ROLE_" + name();
    }

}
