package io.paypipe.reconcile.recon.batch;

import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.guard.Guard;
import io.paypipe.reconcile.bill.guard.Reason;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A sink decorator counting the lines of another merchant than the batch's (a WeChat
 * service provider's bill of all its sub-merchants, a file of another merchant imported
 * by mistake): any such line blocks the batch ({@link Guard#OTHER_MERCHANT}), it is never
 * compared as the batch merchant's. Lines pass on unchanged.
 */
final class MerchantCheck implements Consumer<BillLine> {

    private final String merchantId;

    private final Consumer<BillLine> next;

    private long others;

    private Optional<BillLine> first = Optional.empty();

    MerchantCheck(String merchantId, Consumer<BillLine> next) {
        this.merchantId = merchantId;
        this.next = next;
    }

    @Override
    public void accept(BillLine line) {
        if (!merchantId.equals(line.merchantId())) {
            others++;
            if (first.isEmpty()) {
                first = Optional.of(line);
            }
        }
        next.accept(line);
    }

    /** The reason to block, when a line was another merchant's. */
    Optional<Reason> reason() {
        return first.map((line) -> new Reason(Guard.OTHER_MERCHANT, others + " lines of another merchant than "
                + merchantId + ", the first at line " + line.lineNumber() + " (merchant " + line.merchantId() + ")"));
    }

}
