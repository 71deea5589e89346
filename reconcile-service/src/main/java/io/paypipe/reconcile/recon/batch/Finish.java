package io.paypipe.reconcile.recon.batch;

import io.paypipe.reconcile.recon.BatchStatus;
import java.time.Instant;
import java.util.Optional;

/**
 * How a batch ends: its final status, the reasons of a blocked one, its counters and what
 * the comparison found (zeros when it did not compare).
 */
record Finish(BatchStatus status, Optional<String> reasons, Tally tally, long compared, long diffsOpen,
        long diffsResolved, Instant at) {

    Finish {
        if (!status.finished()) {
            throw new IllegalArgumentException("a batch finishes in a final status, not " + status);
        }
    }

    static Finish blocked(String reasons, Tally tally, Instant at) {
        return new Finish(BatchStatus.BLOCKED, Optional.of(reasons), tally, 0, 0, 0, at);
    }

}
