package io.paypipe.reconcile.recon.diff;

/**
 * Where a difference stands ({@code recon_diff.handle_status}). A rerun of the day that
 * no longer finds an OPEN difference resolves it; one that finds a difference it resolved
 * before opens it again; an IGNORED difference stays ignored whatever a rerun finds.
 */
public enum HandleStatus {

    OPEN, RESOLVED, IGNORED

}
