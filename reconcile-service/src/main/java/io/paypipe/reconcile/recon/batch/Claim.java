package io.paypipe.reconcile.recon.batch;

import io.paypipe.reconcile.recon.Batch;

/** What a start of a run came to: a new batch, or one that stands for it already. */
sealed interface Claim {

    Batch batch();

    /** This call inserted the batch: it runs it. */
    record Started(Batch batch) implements Claim {
    }

    /**
     * The run is there already: RUNNING (a concurrent start, or one still reading) or
     * finished (T+1 and T+3 run once).
     */
    record Joined(Batch batch) implements Claim {
    }

}
