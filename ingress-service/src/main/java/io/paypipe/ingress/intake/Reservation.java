package io.paypipe.ingress.intake;

/** The result of reserving a channel trade number in {@code pay_notify_raw}. */
sealed interface Reservation {

    /** This delivery inserted the row. */
    record Created(long rawId) implements Reservation {
    }

    /** An earlier delivery had inserted it. */
    record Existing(RawNotification row) implements Reservation {
    }
}
