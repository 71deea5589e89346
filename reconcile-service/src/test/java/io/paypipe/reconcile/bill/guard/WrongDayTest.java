package io.paypipe.reconcile.bill.guard;

import static io.paypipe.reconcile.bill.guard.BillGuardsTest.guardsOf;
import static io.paypipe.reconcile.bill.guard.GuardBills.STRIPE_DAY;
import static io.paypipe.reconcile.bill.guard.GuardBills.WECHAT_DAY;
import static io.paypipe.reconcile.bill.guard.GuardBills.beijing;
import static io.paypipe.reconcile.bill.guard.GuardBills.fed;
import static io.paypipe.reconcile.bill.guard.GuardBills.parsed;
import static io.paypipe.reconcile.bill.guard.GuardBills.payment;
import static io.paypipe.reconcile.bill.guard.GuardBills.summary;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillLine.Kind;
import io.paypipe.reconcile.bill.BillSummary;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The WRONG_DAY guard, run with the JVM's default zone set to UTC and to Asia/Shanghai:
 * the day's boundaries come from the channel's zone only.
 */
class WrongDayTest {

    private final TimeZone serverZone = TimeZone.getDefault();

    private final BillGuards guards = new BillGuards(GuardSettings.defaults());

    @AfterEach
    void restoreServerZone() {
        TimeZone.setDefault(serverZone);
    }

    @ParameterizedTest
    @ValueSource(strings = { "UTC", "Asia/Shanghai" })
    void blocksAnotherDaysWechatBill(String serverZoneId) {
        // Given a server in the zone and a bill for 2026-11-29 whose lines are all on the
        // 28th, Beijing time
        TimeZone.setDefault(TimeZone.getTimeZone(serverZoneId));
        List<BillLine> lines = List.of(payment(100, 0, beijing("2026-11-28T09:00:00")),
                payment(200, 0, beijing("2026-11-28T18:00:00")));

        // When the guards decide
        Verdict verdict = decide(WECHAT_DAY, lines, 300);

        // Then it is another day's bill
        assertThat(guardsOf(verdict)).containsExactly(Guard.WRONG_DAY);
        assertThat(((Verdict.Blocked) verdict).reasons().get(0).detail()).contains("2 of 2", "2026-11-28T09:00");
    }

    @ParameterizedTest
    @ValueSource(strings = { "UTC", "Asia/Shanghai" })
    void cutsAWechatDayInBeijingTime(String serverZoneId) {
        // Given lines at 07:00 Beijing on the 29th (23:00 UTC on the 28th)
        TimeZone.setDefault(TimeZone.getTimeZone(serverZoneId));
        List<BillLine> lines = List.of(payment(100, 0, beijing("2026-11-29T07:00:00")),
                payment(200, 0, beijing("2026-11-29T07:30:00")));

        // Then they are the 29th's in either server zone
        assertThat(decide(WECHAT_DAY, lines, 300)).isEqualTo(new Verdict.Clean());
    }

    @ParameterizedTest
    @ValueSource(strings = { "UTC", "Asia/Shanghai" })
    void cutsAStripeDayInUtc(String serverZoneId) {
        // Given Stripe lines at 20:00 UTC on the 29th (04:00 Beijing on the 30th)
        TimeZone.setDefault(TimeZone.getTimeZone(serverZoneId));
        BillLine charge = GuardBills.line(Channel.STRIPE, Kind.PAYMENT, 1000, 0, "USD",
                Instant.parse("2026-11-29T20:00:00Z"));
        BillSummary summary = new BillSummary(1, Optional.of(Money.of(1000, "USD")), Optional.of(Money.of(0, "USD")),
                Optional.of(Money.of(0, "USD")));
        LineTotals totals = fed(guards, STRIPE_DAY, List.of(charge));

        // Then they are the 29th's; the same line on a bill for the 30th is another day's
        assertThat(guards.decide(parsed(totals, Optional.of(summary)), totals, OptionalLong.empty(), false))
            .isEqualTo(new Verdict.Clean());
        LineTotals next = fed(guards, new BillDay(Channel.STRIPE, STRIPE_DAY.day().plusDays(1)), List.of(charge));
        assertThat(guardsOf(guards.decide(parsed(next, Optional.of(summary)), next, OptionalLong.empty(), false)))
            .containsExactly(Guard.WRONG_DAY);
    }

    @ParameterizedTest
    @ValueSource(strings = { "UTC", "Asia/Shanghai" })
    void keepsAPaymentSettledJustAfterMidnightWithinTheGrace(String serverZoneId) {
        // Given a bill for the 29th whose line settled at 00:00:02 Beijing on the 30th
        // (paid at 23:59:58)
        TimeZone.setDefault(TimeZone.getTimeZone(serverZoneId));
        List<BillLine> lines = List.of(payment(100, 0, beijing("2026-11-30T00:00:02")));

        // Then it is not another day's bill
        assertThat(decide(WECHAT_DAY, lines, 100)).isEqualTo(new Verdict.Clean());
    }

    @ParameterizedTest
    @ValueSource(strings = { "UTC", "Asia/Shanghai" })
    void blocksALineBeyondTheGrace(String serverZoneId) {
        TimeZone.setDefault(TimeZone.getTimeZone(serverZoneId));
        List<BillLine> lines = List.of(payment(100, 0, beijing("2026-11-30T00:10:00")));

        assertThat(guardsOf(decide(WECHAT_DAY, lines, 100))).containsExactly(Guard.WRONG_DAY);
        BillGuards lenient = new BillGuards(new GuardSettings(null, Duration.ofMinutes(11)));
        LineTotals totals = fed(lenient, WECHAT_DAY, lines);
        assertThat(
                lenient.decide(parsed(totals, Optional.of(summary(1, 100, 0, 0))), totals, OptionalLong.empty(), false))
            .isEqualTo(new Verdict.Clean());
    }

    @ParameterizedTest
    @ValueSource(strings = { "UTC", "Asia/Shanghai" })
    void passesABillWithHalfItsLinesOrFewerOutsideTheDay(String serverZoneId) {
        TimeZone.setDefault(TimeZone.getTimeZone(serverZoneId));
        List<BillLine> lines = List.of(payment(100, 0, beijing("2026-11-29T12:00:00")),
                payment(200, 0, beijing("2026-11-28T12:00:00")));

        assertThat(decide(WECHAT_DAY, lines, 300)).isEqualTo(new Verdict.Clean());
    }

    private Verdict decide(BillDay day, List<BillLine> lines, long paid) {
        LineTotals totals = fed(guards, day, lines);
        return guards.decide(parsed(totals, Optional.of(summary(lines.size(), paid, 0, 0))), totals,
                OptionalLong.empty(), false);
    }

}
