package io.paypipe.downstream.batch;

import java.util.Optional;

/**
 * What {@link BatchApplier#apply} did with a batch's readable events: how many it applied
 * and skipped, and why it fell back to one INSERT per event, if it did.
 *
 * @param events the events it was given
 * @param applied events whose effect was applied now
 * @param alreadyApplied events whose id the table held already
 * @param repeatedInBatch events whose id an earlier event of the batch carries
 * @param fellBackBecause empty when the batch went through in one transaction; else the
 * surprise that rolled that transaction back before the per-record path applied the
 * events
 */
public record BatchResult(int events, int applied, int alreadyApplied, int repeatedInBatch,
        Optional<String> fellBackBecause) {

    /** Each event is counted once. */
    public BatchResult {
        if (applied + alreadyApplied + repeatedInBatch != events) {
            throw new IllegalArgumentException("outcomes " + applied + "+" + alreadyApplied + "+" + repeatedInBatch
                    + " do not add up to " + events + " events");
        }
    }

}
