package io.paypipe.reconcile.recon.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.embedded.MutableClock;
import io.paypipe.reconcile.recon.RunRequest;
import io.paypipe.reconcile.recon.Source;
import io.paypipe.reconcile.recon.intake.BillMerchants;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The daily runs: at 10:30 in each channel's zone, once a day, T+1 of the day before and
 * T+3 of three days before for every account (each sub-merchant of a service provider).
 */
class DailyRunsTest {

    private static final List<Merchant> MERCHANTS = List.of(merchant(Channel.WECHATPAY, "1900000100", List.of()),
            merchant(Channel.WECHATPAY, "1900000200", List.of("1900000201", "1900000202")),
            merchant(Channel.ALIPAY, "2021000100000000", List.of()),
            merchant(Channel.STRIPE, "acct_1PaypipeSbx0000", List.of()));

    /** 10:29 in Beijing, 02:29 in UTC. */
    private final MutableClock clock = new MutableClock(Instant.parse("2026-12-01T02:29:00Z"));

    private final List<RunRequest> started = new ArrayList<>();

    private final DailyRuns daily = new DailyRuns(new BillMerchants(MERCHANTS), started::add, LocalTime.of(10, 30),
            clock);

    @Test
    void givenItIsNotYetRunAtAnywhere_whenTicked_thenNothingStarts() {
        daily.tick();

        assertThat(started).isEmpty();
    }

    @Test
    void givenRunAtInBeijing_whenTicked_thenTheCnChannelsDaysStartForEveryAccountAndStripeWaitsForUtc() {
        clock.set(Instant.parse("2026-12-01T02:30:00Z"));

        daily.tick();

        assertThat(started).extracting(DailyRunsTest::describe)
            .containsExactly("wechatpay 1900000100 2026-11-30 T+1", "wechatpay 1900000100 2026-11-28 T+3",
                    "wechatpay 1900000201 2026-11-30 T+1", "wechatpay 1900000201 2026-11-28 T+3",
                    "wechatpay 1900000202 2026-11-30 T+1", "wechatpay 1900000202 2026-11-28 T+3",
                    "alipay 2021000100000000 2026-11-30 T+1", "alipay 2021000100000000 2026-11-28 T+3");
        assertThat(started).allSatisfy((r) -> {
            assertThat(r.source()).isEqualTo(new Source.Fetch());
            assertThat(r.confirmedBy()).isEmpty();
        });
    }

    @Test
    void givenTheDaysRunsStarted_whenTickedAgainThatDay_thenNothingMoreStartsUntilTheNextDay() {
        clock.set(Instant.parse("2026-12-01T02:30:00Z"));
        daily.tick();
        started.clear();

        clock.set(Instant.parse("2026-12-01T09:00:00Z"));
        daily.tick();
        assertThat(started).isEmpty();

        clock.set(Instant.parse("2026-12-02T02:31:00Z"));
        daily.tick();
        assertThat(started).extracting(DailyRunsTest::describe)
            .contains("wechatpay 1900000100 2026-12-01 T+1", "alipay 2021000100000000 2026-11-29 T+3")
            .hasSize(8);
    }

    @Test
    void givenRunAtInUtc_whenTicked_thenStripesDaysStart() {
        clock.set(Instant.parse("2026-12-01T02:30:00Z"));
        daily.tick();
        started.clear();

        clock.set(Instant.parse("2026-12-01T10:30:00Z"));
        daily.tick();

        assertThat(started).extracting(DailyRunsTest::describe)
            .containsExactly("stripe acct_1PaypipeSbx0000 2026-11-30 T+1",
                    "stripe acct_1PaypipeSbx0000 2026-11-28 T+3");
    }

    @Test
    void givenAStartThatFails_whenTicked_thenTheOtherAccountsStillStart() {
        List<RunRequest> tried = new ArrayList<>();
        DailyRuns failing = new DailyRuns(new BillMerchants(MERCHANTS), (request) -> {
            tried.add(request);
            throw new IllegalStateException("database down");
        }, LocalTime.of(10, 30), clock);
        clock.set(Instant.parse("2026-12-01T02:30:00Z"));

        failing.tick();

        assertThat(tried).hasSize(8);
    }

    private static String describe(RunRequest r) {
        LocalDate day = r.day();
        return r.channel().code() + " " + r.merchantId() + " " + day + " " + r.kind().code();
    }

    private static Merchant merchant(Channel channel, String id, List<String> subs) {
        return new Merchant("shop", channel, id, subs, null, null, null);
    }

}
