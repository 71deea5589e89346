package io.paypipe.core.raw;

/**
 * {@code handled} of a raw notification row ({@code pay_notify_raw},
 * {@code pay_refund_raw}): the column's values.
 */
public enum Handled {

    /** Received and acknowledged; the pipeline still owes it an outcome. */
    RECEIVED(0),
    /** Settled: applied, a harmless duplicate, or decided with nothing left to do. */
    SETTLED(1),
    /** Set aside: a person must look at it (there is an alert about it). */
    NEEDS_A_PERSON(2);

    private final int column;

    Handled(int column) {
        this.column = column;
    }

    /** The value stored in the column. */
    public int column() {
        return column;
    }

    public static Handled of(int column) {
        for (Handled h : values()) {
            if (h.column == column) {
                return h;
            }
        }
        throw new IllegalArgumentException("no handled value " + column);
    }

}
