package io.paypipe.ingress.intake;

import java.time.Instant;

/**
 * A raw table ({@code pay_notify_raw}, {@code pay_refund_raw}) as {@link RawIntake} uses
 * it.
 */
interface RawTable<N extends Verified<?>> {

    /** Inserts the row of {@code n}, or finds the one an earlier delivery inserted. */
    Reservation reserve(N n, Instant now);

    /**
     * A later delivery of row {@code id} was published again: its processing starts over,
     * and the auditor counts the row's retry budget from {@code last_delivered_at}. Never
     * moves it back (two instances, two clocks).
     */
    void markDelivered(long id, Instant at);

}
