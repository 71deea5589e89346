package io.paypipe.ingress.intake;

/** The part of a {@code pay_notify_raw} row that intake looks at. */
record RawNotification(long id, String tradeState, int handled) {

    static final int RECEIVED = 0;

    /** Applied (1) or handed to a person (2): nothing left for ingress to do. */
    boolean settled() {
        return handled != RECEIVED;
    }
}
