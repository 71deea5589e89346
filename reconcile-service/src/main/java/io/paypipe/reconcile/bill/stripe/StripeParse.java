package io.paypipe.reconcile.bill.stripe;

import io.paypipe.reconcile.bill.ParsedBill;
import java.util.Map;

/**
 * A Stripe itemized report read to its end: the bill as every parser reports it, plus the
 * lines of the categories the reconciliation does not compare (payout, adjustment,
 * dispute, ...), counted per {@code reporting_category}: skipped, never silently.
 */
public record StripeParse(ParsedBill bill, Map<String, Long> skipped) {

    public StripeParse {
        skipped = Map.copyOf(skipped);
    }

    /** All lines skipped, whatever their category. */
    public long skippedLines() {
        return skipped.values().stream().mapToLong(Long::longValue).sum();
    }

}
