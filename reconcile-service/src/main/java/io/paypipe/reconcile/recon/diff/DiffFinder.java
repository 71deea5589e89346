package io.paypipe.reconcile.recon.diff;

import org.springframework.stereotype.Component;

/**
 * PLACEHOLDER of the comparison (issue 14's "diff" part replaces this file at
 * integration): compares the lines of a batch with the ledger and refunds and records the
 * differences in {@code recon_diff}. This placeholder compares nothing and says so: it
 * throws, so that no batch is ever called clean on a branch without the comparison (the
 * runner blocks the batch with reason FAILED).
 */
@Component
public class DiffFinder {

    public DiffCounts compare(BatchScope scope) {
        throw new UnsupportedOperationException(
                "no comparison on this branch: DiffFinder is a placeholder until the diff part is merged");
    }

}
