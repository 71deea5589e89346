package io.paypipe.reconcile.recon.batch;

import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillLine.Kind;
import io.paypipe.reconcile.bill.BillSummary;
import io.paypipe.reconcile.bill.ParsedBill;
import io.paypipe.reconcile.bill.guard.LineTotals;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A batch's counters as written to {@code recon_batch}: the lines read (what reached the
 * sink, also when the bill broke off), the bytes, and what the bill's summary says.
 */
record Tally(long rowsRead, long billBytes, long payments, long refunds, long fees, Optional<Long> summaryLines,
        Optional<Long> summaryPaidMinor, Optional<Long> summaryRefundedMinor, Optional<String> currency) {

    static final Tally NOTHING = new Tally(0, 0, 0, 0, 0, Optional.empty(), Optional.empty(), Optional.empty(),
            Optional.empty());

    /**
     * @param totals the sink the lines went through
     * @param bill what the parser returned, empty when it did not end
     */
    static Tally of(LineTotals totals, Optional<ParsedBill> bill, long bytes) {
        Optional<BillSummary> summary = bill.flatMap(ParsedBill::summary);
        Optional<String> currency = summary.flatMap((s) -> s.paid().or(s::refunded).map(Money::currency))
            .or(() -> Stream.of(Kind.values())
                .flatMap((kind) -> totals.amounts(kind).keySet().stream())
                .sorted()
                .findFirst());
        return new Tally(totals.lines(), bytes, totals.count(Kind.PAYMENT), totals.count(Kind.REFUND),
                totals.count(Kind.FEE), summary.map(BillSummary::lines),
                summary.flatMap(BillSummary::paid).map(Money::minor),
                summary.flatMap(BillSummary::refunded).map(Money::minor), currency);
    }

}
