package io.paypipe.reconcile.recon.intake;

import io.paypipe.reconcile.bill.ParsedBill;
import io.paypipe.reconcile.bill.guard.Reason;

/** What reading a batch's bill came to. */
public sealed interface Intake {

    /** The bill was read to its end: its lines went to the sink. */
    record Read(ParsedBill bill) implements Intake {
    }

    /**
     * The bill could not be read to its end (not ready, fetch failed, unreadable): the
     * batch is blocked for {@code reason}; lines may have reached the sink before.
     */
    record Refused(Reason reason) implements Intake {
    }

}
