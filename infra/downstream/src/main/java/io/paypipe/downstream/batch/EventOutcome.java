package io.paypipe.downstream.batch;

/** What a batch did with one record it could read. */
public enum EventOutcome {

    /** Its event id was new: the effect was applied now. */
    APPLIED,

    /** The table held its event id already: skipped. */
    ALREADY_APPLIED,

    /** An earlier record of the same batch carries the same event id: skipped. */
    REPEATED_IN_BATCH

}
