package io.paypipe.sandbox.stripe;

import static io.paypipe.sandbox.stripe.StripeReports.ACCOUNT;
import static io.paypipe.sandbox.stripe.StripeReports.DAY;
import static io.paypipe.sandbox.stripe.StripeReports.DAY_END;
import static io.paypipe.sandbox.stripe.StripeReports.DAY_START;
import static io.paypipe.sandbox.stripe.StripeReports.payment;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.BillScenario;
import io.paypipe.sandbox.bill.BillScenarios;
import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.bill.SettlementBook;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/** What the reports of one account's day list under each bill scenario. */
class StripeReportDayTest {

    private final SettlementBook book = new SettlementBook();

    private final BillScenarios scenarios = new BillScenarios();

    @Test
    void givenNothingArmedThenBothReportsListTheDaysSettlementsInTimeOrderAndNoOtherDaysOrAccounts() {
        // Given two payments of the day (recorded out of order), one of the day before,
        // one of another account
        Settlement late = record(payment("pi_late", "O-2", 300, "2026-11-29T23:59:59Z"));
        Settlement early = record(payment("pi_early", "O-1", 200, "2026-11-29T00:00:00Z"));
        record(payment("pi_before", "O-0", 100, "2026-11-28T23:59:59Z"));
        book.record(Settlement.payment(Channel.STRIPE, "acct_other", "O-9", "pi_other", 100, 33, "USD",
                Instant.parse("2026-11-29T10:00:00Z")));

        // When
        StripeReportDay day = day();

        // Then
        assertThat(day.scenario()).isEqualTo(BillScenario.COMPLETE);
        assertThat(day.itemized()).containsExactly(early, late);
        assertThat(day.summarized()).containsExactly(early, late);
    }

    @Test
    void givenSummaryNoRowsThenNoItemizedLineAndASummaryOfAll() {
        Settlement paid = record(payment("pi_1", "O-1", 200, "2026-11-29T10:00:00Z"));
        arm(BillScenario.SUMMARY_NO_ROWS, 0);

        StripeReportDay day = day();

        assertThat(day.itemized()).isEmpty();
        assertThat(day.summarized()).containsExactly(paid);
    }

    @Test
    void givenA95PercentDropThenEveryTwentiethSettlementInBothReports() {
        // Given 45 payments
        List<Settlement> all = new ArrayList<>();
        for (int i = 0; i < 45; i++) {
            all.add(record(payment("pi_" + i, "O-" + i, 100 + i,
                    Instant.parse("2026-11-29T01:00:00Z").plusSeconds(i).toString())));
        }
        arm(BillScenario.DROP_95, 0);

        // When
        StripeReportDay day = day();

        // Then index 0, 20, 40
        assertThat(day.itemized()).containsExactly(all.get(0), all.get(20), all.get(40));
        assertThat(day.summarized()).containsExactly(all.get(0), all.get(20), all.get(40));
    }

    @Test
    void givenOtherDayThenTheDayBeforesSettlementsWithTheirOwnTimes() {
        Settlement before = record(payment("pi_b", "O-b", 100, "2026-11-28T12:00:00Z"));
        record(payment("pi_d", "O-d", 100, "2026-11-29T12:00:00Z"));
        arm(BillScenario.OTHER_DAY, 0);

        StripeReportDay day = day();

        assertThat(day.itemized()).containsExactly(before);
        assertThat(day.summarized()).containsExactly(before);
    }

    @Test
    void givenGeneratedThenNumberedPaymentsSpreadOverTheDayMadeAsTheyAreRead() {
        // Given a day of four generated payments
        arm(BillScenario.GENERATED, 4);

        // When
        List<Settlement> lines = StreamSupport.stream(day().itemized().spliterator(), false).toList();

        // Then
        assertThat(lines).extracting(Settlement::channelTradeNo)
            .containsExactly("GEN20261129000000000", "GEN20261129000000001", "GEN20261129000000002",
                    "GEN20261129000000003");
        assertThat(lines).extracting(s -> s.outTradeNo().orElseThrow()).first().isEqualTo("GENO20261129000000000");
        assertThat(lines).extracting(Settlement::amountMinor).containsExactly(100L, 101L, 102L, 103L);
        assertThat(lines).extracting(Settlement::feeMinor).containsExactly(33L, 33L, 33L, 33L);
        assertThat(lines).extracting(Settlement::at)
            .containsExactly(DAY_START, Instant.parse("2026-11-29T06:00:00Z"), Instant.parse("2026-11-29T12:00:00Z"),
                    Instant.parse("2026-11-29T18:00:00Z"));
        assertThat(lines).allSatisfy(s -> assertThat(s.kind()).isEqualTo(Settlement.Kind.PAYMENT));
    }

    @Test
    void givenAGeneratedDayOfATrillionLinesThenItsFirstLinesComeAtOnce() {
        // Given a day no memory could hold
        arm(BillScenario.GENERATED, 1_000_000_000_000L);

        // When its first lines are read
        Iterator<Settlement> lines = day().itemized().iterator();
        Settlement first = lines.next();
        Settlement thousandth = null;
        for (int i = 1; i < 1_000; i++) {
            thousandth = lines.next();
        }

        // Then they are made one at a time: amounts wrap every 1000
        assertThat(first.amountMinor()).isEqualTo(100);
        assertThat(thousandth.amountMinor()).isEqualTo(1_099);
        assertThat(lines.next().amountMinor()).isEqualTo(100);
    }

    @Test
    void givenAnIntervalThatIsNotOneUtcDayThenNoScenarioApplies() {
        Settlement paid = record(payment("pi_1", "O-1", 200, "2026-11-29T10:00:00Z"));
        arm(BillScenario.SUMMARY_NO_ROWS, 0);

        StripeReportDay half = StripeReportDay.of(book, scenarios, ACCOUNT, DAY_START,
                DAY_START.plusSeconds(12 * 3600));

        assertThat(half.scenario()).isEqualTo(BillScenario.COMPLETE);
        assertThat(half.itemized()).containsExactly(paid);
        assertThat(StripeReportDay.scenarioOf(scenarios, ACCOUNT, DAY_START, DAY_END))
            .isEqualTo(BillScenario.SUMMARY_NO_ROWS);
    }

    private Settlement record(Settlement settlement) {
        book.record(settlement);
        return settlement;
    }

    private void arm(BillScenario scenario, long lines) {
        scenarios.arm(Channel.STRIPE, ACCOUNT, DAY, scenario, lines);
    }

    private StripeReportDay day() {
        return StripeReportDay.of(book, scenarios, ACCOUNT, DAY_START, DAY_END);
    }

}
