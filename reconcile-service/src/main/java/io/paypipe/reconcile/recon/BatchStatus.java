package io.paypipe.reconcile.recon;

/**
 * A batch's state, as {@code recon_batch.status} stores it. Only RUNNING moves (to one of
 * the others, once); the others are final.
 */
public enum BatchStatus {

    /** Reading the bill or comparing it (or died doing so: see the stale rule). */
    RUNNING,

    /** The bill is complete and matches the ledger and refunds: no open difference. */
    CLEAN,

    /**
     * The bill says the day had no trade, and we have none either: a real empty day.
     */
    EMPTY_DAY,

    /**
     * A guard refused the bill (or it could not be read): nobody may call the day
     * reconciled; an alert says why.
     */
    BLOCKED,

    /** The bill is complete and differs from our side: open differences, an alert. */
    DIFFS;

    public boolean finished() {
        return this != RUNNING;
    }

}
