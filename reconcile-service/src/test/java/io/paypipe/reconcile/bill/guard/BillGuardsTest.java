package io.paypipe.reconcile.bill.guard;

import static io.paypipe.reconcile.bill.guard.GuardBills.NOON;
import static io.paypipe.reconcile.bill.guard.GuardBills.WECHAT_DAY;
import static io.paypipe.reconcile.bill.guard.GuardBills.fed;
import static io.paypipe.reconcile.bill.guard.GuardBills.parsed;
import static io.paypipe.reconcile.bill.guard.GuardBills.payment;
import static io.paypipe.reconcile.bill.guard.GuardBills.refund;
import static io.paypipe.reconcile.bill.guard.GuardBills.summary;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillSummary;
import io.paypipe.reconcile.bill.ParsedBill;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class BillGuardsTest {

    private final BillGuards guards = new BillGuards(GuardSettings.defaults());

    private static final List<BillLine> DAY_LINES = List.of(payment(10010, 60, NOON), payment(2000, 12, NOON),
            refund(500, -3, NOON));

    @Test
    void passesACompleteBillAsClean() {
        // Given three lines and a summary that agrees with them
        LineTotals totals = fed(guards, WECHAT_DAY, DAY_LINES);
        ParsedBill bill = parsed(totals, Optional.of(summary(3, 12010, 500, 69)));

        // When the guards decide, with a comparable day of similar size
        Verdict verdict = guards.decide(bill, totals, OptionalLong.of(4), false);

        // Then the bill is clean
        assertThat(verdict).isEqualTo(new Verdict.Clean());
    }

    @Test
    void passesASummaryThatSaysZeroWithZeroRowsAsAnEmptyDay() {
        // Given no lines and a summary of zero lines and zero totals
        LineTotals totals = fed(guards, WECHAT_DAY, List.of());
        ParsedBill bill = parsed(totals, Optional.of(summary(0, 0, 0, 0)));

        // When the guards decide, with no comparable day
        Verdict verdict = guards.decide(bill, totals, OptionalLong.empty(), false);

        // Then it is a real empty day
        assertThat(verdict).isEqualTo(new Verdict.EmptyDay());
    }

    @Test
    void blocksABillWithoutASummary() {
        LineTotals totals = fed(guards, WECHAT_DAY, DAY_LINES);
        ParsedBill bill = parsed(totals, Optional.empty());

        Verdict verdict = guards.decide(bill, totals, OptionalLong.empty(), false);

        assertThat(guardsOf(verdict)).containsExactly(Guard.NO_SUMMARY);
    }

    @Test
    void blocksZeroRowsWhileTheSummarySaysMore() {
        // Given a summary of 3 lines and 0 totals but no line in the file
        LineTotals totals = fed(guards, WECHAT_DAY, List.of());
        ParsedBill bill = parsed(totals,
                Optional.of(new BillSummary(3, Optional.empty(), Optional.empty(), Optional.empty())));

        Verdict verdict = guards.decide(bill, totals, OptionalLong.empty(), false);

        // Then rows are missing (not reported a second time as a count mismatch)
        assertThat(guardsOf(verdict)).containsExactly(Guard.ROWS_MISSING);
        assertThat(((Verdict.Blocked) verdict).reasons().get(0).detail()).contains("3");
    }

    @Test
    void blocksASummaryCountThatDiffersFromTheLines() {
        LineTotals totals = fed(guards, WECHAT_DAY, DAY_LINES);
        ParsedBill bill = parsed(totals, Optional.of(summary(4, 12010, 500, 69)));

        Verdict verdict = guards.decide(bill, totals, OptionalLong.empty(), false);

        assertThat(guardsOf(verdict)).containsExactly(Guard.COUNT_MISMATCH);
    }

    @Test
    void blocksAParserCountThatDiffersFromWhatTheSinkSaw() {
        LineTotals totals = fed(guards, WECHAT_DAY, DAY_LINES);
        ParsedBill bill = new ParsedBill(3, 0, 0, Optional.of(summary(3, 12010, 500, 69)));

        Verdict verdict = guards.decide(bill, totals, OptionalLong.empty(), false);

        assertThat(guardsOf(verdict)).containsExactly(Guard.COUNT_MISMATCH, Guard.COUNT_MISMATCH);
    }

    @Test
    void blocksAPaidTotalThatDiffersFromTheLines() {
        LineTotals totals = fed(guards, WECHAT_DAY, DAY_LINES);
        ParsedBill bill = parsed(totals, Optional.of(summary(3, 12011, 500, 69)));

        Verdict verdict = guards.decide(bill, totals, OptionalLong.empty(), false);

        assertThat(guardsOf(verdict)).containsExactly(Guard.TOTAL_MISMATCH);
        assertThat(((Verdict.Blocked) verdict).reasons().get(0).detail()).startsWith("paid").contains("12010", "12011");
    }

    @Test
    void blocksARefundedTotalThatDiffersFromTheLines() {
        LineTotals totals = fed(guards, WECHAT_DAY, DAY_LINES);
        ParsedBill bill = parsed(totals, Optional.of(summary(3, 12010, 499, 69)));

        Verdict verdict = guards.decide(bill, totals, OptionalLong.empty(), false);

        assertThat(guardsOf(verdict)).containsExactly(Guard.TOTAL_MISMATCH);
        assertThat(((Verdict.Blocked) verdict).reasons().get(0).detail()).startsWith("refunded");
    }

    @Test
    void blocksLinesInACurrencyTheSummaryDoesNotState() {
        List<BillLine> lines = List.of(payment(100, 0, NOON),
                GuardBills.line(WECHAT_DAY.channel(), BillLine.Kind.PAYMENT, 100, 0, "USD", NOON));
        LineTotals totals = fed(guards, WECHAT_DAY, lines);
        ParsedBill bill = parsed(totals, Optional.of(summary(2, 100, 0, 0)));

        Verdict verdict = guards.decide(bill, totals, OptionalLong.empty(), false);

        assertThat(guardsOf(verdict)).containsExactly(Guard.TOTAL_MISMATCH, Guard.TOTAL_MISMATCH);
    }

    @Test
    void passesAFeeTotalWithinHalfAFenPerLine() {
        // Given 3 lines whose fees sum to 69 and a summary stating 70 (3 lines: up to 1
        // fen)
        LineTotals totals = fed(guards, WECHAT_DAY, DAY_LINES);
        ParsedBill bill = parsed(totals, Optional.of(summary(3, 12010, 500, 70)));

        Verdict verdict = guards.decide(bill, totals, OptionalLong.empty(), false);

        assertThat(verdict).isEqualTo(new Verdict.Clean());
    }

    @Test
    void blocksAFeeTotalBeyondHalfAFenPerLine() {
        // Given 3 lines whose fees sum to 69 and a summary stating 71 (2 fen > 1.5 fen)
        LineTotals totals = fed(guards, WECHAT_DAY, DAY_LINES);
        ParsedBill bill = parsed(totals, Optional.of(summary(3, 12010, 500, 71)));

        Verdict verdict = guards.decide(bill, totals, OptionalLong.empty(), false);

        assertThat(guardsOf(verdict)).containsExactly(Guard.TOTAL_MISMATCH);
        assertThat(((Verdict.Blocked) verdict).reasons().get(0).detail()).startsWith("fees");
    }

    @Test
    void comparesNoFeeTotalWhenTheSummaryStatesNone() {
        // Given an Alipay-like summary with no fee total
        LineTotals totals = fed(guards, WECHAT_DAY, DAY_LINES);
        ParsedBill bill = parsed(totals, Optional.of(new BillSummary(3, Optional.of(Money.of(12010, "CNY")),
                Optional.of(Money.of(500, "CNY")), Optional.empty())));

        Verdict verdict = guards.decide(bill, totals, OptionalLong.empty(), false);

        assertThat(verdict).isEqualTo(new Verdict.Clean());
    }

    @Test
    void blocksADayBelowTheShareOfTheComparableDay() {
        // Given 3 lines against 31 on the comparable day (10 % = 3.1)
        LineTotals totals = fed(guards, WECHAT_DAY, DAY_LINES);
        ParsedBill bill = parsed(totals, Optional.of(summary(3, 12010, 500, 69)));

        Verdict verdict = guards.decide(bill, totals, OptionalLong.of(31), false);

        assertThat(guardsOf(verdict)).containsExactly(Guard.DROP);
        // and exactly at the share it passes
        assertThat(guards.decide(bill, totals, OptionalLong.of(30), false)).isEqualTo(new Verdict.Clean());
    }

    @Test
    void passesADropAPersonConfirmed() {
        LineTotals totals = fed(guards, WECHAT_DAY, DAY_LINES);
        ParsedBill bill = parsed(totals, Optional.of(summary(3, 12010, 500, 69)));

        Verdict verdict = guards.decide(bill, totals, OptionalLong.of(1000), true);

        assertThat(verdict).isEqualTo(new Verdict.Clean());
    }

    @Test
    void blocksAnEmptyDayAfterABusyComparableDayUnlessConfirmed() {
        LineTotals totals = fed(guards, WECHAT_DAY, List.of());
        ParsedBill bill = parsed(totals, Optional.of(summary(0, 0, 0, 0)));

        assertThat(guardsOf(guards.decide(bill, totals, OptionalLong.of(1000), false))).containsExactly(Guard.DROP);
        assertThat(guards.decide(bill, totals, OptionalLong.of(1000), true)).isEqualTo(new Verdict.EmptyDay());
    }

    @Test
    void usesTheConfiguredDropShare() {
        BillGuards strict = new BillGuards(new GuardSettings(new java.math.BigDecimal("0.5"), null));
        LineTotals totals = fed(strict, WECHAT_DAY, DAY_LINES);
        ParsedBill bill = parsed(totals, Optional.of(summary(3, 12010, 500, 69)));

        assertThat(guardsOf(strict.decide(bill, totals, OptionalLong.of(7), false))).containsExactly(Guard.DROP);
    }

    @Test
    void blocksAnUnreadableBillWithTheParsersMessage() {
        Verdict verdict = BillGuards.unreadable(new BillFormatException(0, "an HTML error page, not a bill"));

        assertThat(guardsOf(verdict)).containsExactly(Guard.UNREADABLE);
        assertThat(((Verdict.Blocked) verdict).reasonsText())
            .isEqualTo("UNREADABLE: line 0: an HTML error page, not a bill");
    }

    @Test
    void reportsEveryFailingGuardAtOnce() {
        // Given a bill with no summary, from another day, after a busy comparable day
        LineTotals totals = fed(guards, WECHAT_DAY,
                List.of(payment(100, 0, GuardBills.beijing("2026-11-27T12:00:00"))));
        ParsedBill bill = parsed(totals, Optional.empty());

        Verdict verdict = guards.decide(bill, totals, OptionalLong.of(500), false);

        // Then all three reasons are reported, one line each
        assertThat(guardsOf(verdict)).containsExactly(Guard.NO_SUMMARY, Guard.DROP, Guard.WRONG_DAY);
        assertThat(((Verdict.Blocked) verdict).reasonsText().lines()).hasSize(3);
    }

    @Test
    void reportsCountAndTotalMismatchesTogether() {
        LineTotals totals = fed(guards, WECHAT_DAY, DAY_LINES);
        ParsedBill bill = parsed(totals, Optional.of(summary(5, 1, 2, 500)));

        Verdict verdict = guards.decide(bill, totals, OptionalLong.empty(), false);

        assertThat(guardsOf(verdict)).containsExactly(Guard.COUNT_MISMATCH, Guard.TOTAL_MISMATCH, Guard.TOTAL_MISMATCH,
                Guard.TOTAL_MISMATCH);
    }

    static List<Guard> guardsOf(Verdict verdict) {
        return switch (verdict) {
            case Verdict.Blocked blocked -> blocked.reasons().stream().map(Reason::guard).toList();
            case Verdict.Clean clean -> List.of();
            case Verdict.EmptyDay empty -> List.of();
        };
    }

}
