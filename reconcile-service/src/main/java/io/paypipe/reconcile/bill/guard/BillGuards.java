package io.paypipe.reconcile.bill.guard;

import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillLine.Kind;
import io.paypipe.reconcile.bill.BillSummary;
import io.paypipe.reconcile.bill.ParsedBill;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * Decides whether a parsed bill may be compared with the ledger. Pure logic: no clock, no
 * I/O. Every guard runs and reports all its reasons, none stops at the first failure:
 * <ul>
 * <li>{@link Guard#NO_SUMMARY}: the bill has no summary.</li>
 * <li>{@link Guard#ROWS_MISSING}: zero lines read while the summary says more (reported
 * instead of {@link Guard#COUNT_MISMATCH}, which would say the same).</li>
 * <li>{@link Guard#COUNT_MISMATCH}: the summary's line count is not the lines read, or
 * the parser's counts per kind are not what the sink saw.</li>
 * <li>{@link Guard#TOTAL_MISMATCH}: the paid or refunded total the summary states is not
 * the sum of the payment or refund lines' amounts (a total the summary does not state is
 * not compared); the fee total, when the summary states one, is compared with the sum of
 * all lines' fees within half a minor unit per line: WeChat rounds each line's fee and
 * its fee total HALF_UP to fen, so over {@code n} lines the two differ by less than
 * {@code (n + 1) / 2}, i.e. by at most {@code n / 2} whole minor units; anything further
 * blocks. Lines in a currency the summary does not state also block.</li>
 * <li>{@link Guard#DROP}: fewer lines than {@code dropShare} of the comparable day's
 * lines (same weekday of the previous week, else the previous day; the caller chooses),
 * unless a person confirmed the drop. It applies to an empty day too.</li>
 * <li>{@link Guard#WRONG_DAY}: more than half the lines are outside the bill's day (in
 * the channel's zone) by more than the grace.</li>
 * <li>{@link Guard#UNREADABLE}: see {@link #unreadable}.</li>
 * </ul>
 * Nothing blocking and no line read: {@link Verdict.EmptyDay}; else
 * {@link Verdict.Clean}.
 */
public class BillGuards {

    private final GuardSettings settings;

    public BillGuards(GuardSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** The verdict on a bill that could not be read as its channel's format. */
    public static Verdict unreadable(BillFormatException error) {
        return new Verdict.Blocked(List.of(new Reason(Guard.UNREADABLE, String.valueOf(error.getMessage()))));
    }

    /** A {@link LineTotals} sink for the day with these settings' grace. */
    public LineTotals lineTotals(BillDay day, Consumer<BillLine> next) {
        return new LineTotals(day, settings.wrongDayGrace(), next);
    }

    /**
     * @param bill what the parser returned
     * @param totals the sink the parser's lines went through
     * @param comparableDayLines the comparable day's line count, empty when there is none
     * @param dropConfirmed a person confirmed the day's drop
     */
    public Verdict decide(ParsedBill bill, LineTotals totals, OptionalLong comparableDayLines, boolean dropConfirmed) {
        List<Reason> reasons = new ArrayList<>();
        bill.summary()
            .ifPresentOrElse((summary) -> checkSummary(summary, bill, totals, reasons),
                    () -> reasons.add(new Reason(Guard.NO_SUMMARY, "the bill of " + totals.day() + " has no summary")));
        checkSink(bill, totals, reasons);
        checkDrop(bill.lines(), comparableDayLines, dropConfirmed, reasons);
        checkDay(totals, reasons);
        if (!reasons.isEmpty()) {
            return new Verdict.Blocked(reasons);
        }
        return (bill.lines() == 0) ? new Verdict.EmptyDay() : new Verdict.Clean();
    }

    private void checkSummary(BillSummary summary, ParsedBill bill, LineTotals totals, List<Reason> reasons) {
        if (bill.lines() == 0 && summary.lines() > 0) {
            reasons.add(new Reason(Guard.ROWS_MISSING, "no line read, the summary says " + summary.lines()));
        }
        else if (bill.lines() != summary.lines()) {
            reasons.add(new Reason(Guard.COUNT_MISMATCH,
                    bill.lines() + " lines read, the summary says " + summary.lines()));
        }
        summary.paid().ifPresent((paid) -> checkTotal("paid", paid, totals.amounts(Kind.PAYMENT), 0, reasons));
        summary.refunded()
            .ifPresent((refunded) -> checkTotal("refunded", refunded, totals.amounts(Kind.REFUND), 0, reasons));
        summary.fees().ifPresent((fees) -> checkTotal("fees", fees, totals.fees(), totals.lines(), reasons));
    }

    /**
     * Compares a stated total with the lines' sums; {@code halfUnits} is the tolerance in
     * half minor units (0 = exact).
     */
    private void checkTotal(String name, Money stated, Map<String, Long> sums, long halfUnits, List<Reason> reasons) {
        long summed = sums.getOrDefault(stated.currency(), 0L);
        long difference = Math.abs(Math.subtractExact(summed, stated.minor()));
        if (Math.multiplyExact(difference, 2) > halfUnits) {
            String tolerance = (halfUnits > 0) ? " (tolerance " + halfUnits / 2 + ")" : "";
            reasons.add(new Reason(Guard.TOTAL_MISMATCH, name + " total of the lines " + summed + ", the summary says "
                    + stated.minor() + " " + stated.currency() + " (minor units)" + tolerance));
        }
        sums.keySet()
            .stream()
            .filter((currency) -> !currency.equals(stated.currency()))
            .sorted()
            .forEach((currency) -> reasons.add(new Reason(Guard.TOTAL_MISMATCH, name + " total of the lines "
                    + sums.get(currency) + " " + currency + " in a currency the summary does not state")));
    }

    private void checkSink(ParsedBill bill, LineTotals totals, List<Reason> reasons) {
        long[] parsed = { bill.payments(), bill.refunds(), bill.fees() };
        Kind[] kinds = { Kind.PAYMENT, Kind.REFUND, Kind.FEE };
        for (int i = 0; i < kinds.length; i++) {
            if (parsed[i] != totals.count(kinds[i])) {
                reasons.add(new Reason(Guard.COUNT_MISMATCH, "the parser counted " + parsed[i] + " " + kinds[i]
                        + " lines, the sink saw " + totals.count(kinds[i])));
            }
        }
    }

    private void checkDrop(long lines, OptionalLong comparableDayLines, boolean dropConfirmed, List<Reason> reasons) {
        if (dropConfirmed || comparableDayLines.isEmpty()) {
            return;
        }
        long comparable = comparableDayLines.getAsLong();
        BigDecimal floor = settings.dropShare().multiply(BigDecimal.valueOf(comparable));
        if (BigDecimal.valueOf(lines).compareTo(floor) < 0) {
            reasons.add(new Reason(Guard.DROP,
                    lines + " lines against " + comparable + " on the comparable day, below the share "
                            + settings.dropShare().toPlainString() + "; a person must confirm the drop"));
        }
    }

    private void checkDay(LineTotals totals, List<Reason> reasons) {
        long lines = totals.lines();
        long outside = totals.outsideDay();
        if (lines > 0 && Math.multiplyExact(outside, 2) > lines) {
            Optional<BillLine> first = totals.firstOutside();
            String at = first
                .map((line) -> ", first at line " + line.lineNumber() + " ("
                        + line.occurredAt().atZone(totals.day().zone()).toLocalDateTime() + ")")
                .orElse("");
            reasons.add(new Reason(Guard.WRONG_DAY, outside + " of " + lines + " lines outside " + totals.day()
                    + " by more than " + settings.wrongDayGrace() + at));
        }
    }

}
