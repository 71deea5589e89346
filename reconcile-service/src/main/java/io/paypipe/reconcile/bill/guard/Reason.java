package io.paypipe.reconcile.bill.guard;

import java.util.Objects;

/**
 * Why a guard blocked a batch: the guard and a detail for a person (counts, totals, line
 * numbers; never a payer's data).
 */
public record Reason(Guard guard, String detail) {

    public Reason {
        Objects.requireNonNull(guard, "guard");
        Objects.requireNonNull(detail, "detail");
    }

    /** One line, as {@code recon_batch.reasons} stores it. */
    public String line() {
        return guard + ": " + detail.replace('\n', ' ');
    }

}
