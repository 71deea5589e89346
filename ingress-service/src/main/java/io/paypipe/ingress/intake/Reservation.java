package io.paypipe.ingress.intake;

/** The result of reserving a payment's or a refund's unique key in its raw table. */
sealed interface Reservation {

    /** This delivery inserted the row. */
    record Created(long rawId) implements Reservation {
    }

    /** An earlier delivery had inserted it. */
    record Existing(RawRow row) implements Reservation {
    }

}
