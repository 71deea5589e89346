package io.paypipe.reconcile.bill.guard;

import java.util.List;
import java.util.stream.Collectors;

/**
 * What the guards decide about a bill: compare it, an empty day, or blocked with reasons.
 */
public sealed interface Verdict {

    /** The bill is complete: its lines can be compared with the ledger. */
    record Clean() implements Verdict {
    }

    /**
     * The summary says zero lines and zero totals and no line was read: a day without
     * trades, which passes.
     */
    record EmptyDay() implements Verdict {
    }

    /** The batch stops; every guard that failed gave its reasons. */
    record Blocked(List<Reason> reasons) implements Verdict {

        public Blocked {
            reasons = List.copyOf(reasons);
            if (reasons.isEmpty()) {
                throw new IllegalArgumentException("a blocked verdict needs at least one reason");
            }
        }

        /** One line per reason, as {@code recon_batch.reasons} stores them. */
        public String reasonsText() {
            return reasons.stream().map(Reason::line).collect(Collectors.joining("\n"));
        }

    }

}
