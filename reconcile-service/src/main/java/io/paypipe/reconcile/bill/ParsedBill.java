package io.paypipe.reconcile.bill;

import java.util.Optional;

/**
 * The outcome of reading one bill to its end: how many detail lines were handed to the
 * sink, of which kind, and the bill's own summary ({@code summary} empty when the file
 * has none: a guard blocks such a batch).
 */
public record ParsedBill(long payments, long refunds, long fees, Optional<BillSummary> summary) {

    public long lines() {
        return payments + refunds + fees;
    }

}
