package io.paypipe.ingress.intake;

/**
 * The part of a {@code pay_notify_raw} or {@code pay_refund_raw} row that intake looks
 * at; {@code tradeState} is the state stored first.
 */
record RawRow(long id, String tradeState, int handled) {

    static final int RECEIVED = 0;

    /** Applied (1) or handed to a person (2): processing ended for the state stored. */
    boolean settled() {
        return handled != RECEIVED;
    }

    /** The channel now reports another state than the one stored first. */
    boolean differsFrom(String channelState) {
        return !tradeState.equals(channelState);
    }
}
