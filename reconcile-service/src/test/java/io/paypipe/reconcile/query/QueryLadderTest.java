package io.paypipe.reconcile.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.core.id.MerchantId;
import io.paypipe.reconcile.config.ReconcileProperties.MerchantQuery;
import io.paypipe.reconcile.config.ReconcileProperties.QuerySettings;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The ladder arithmetic: tiers, per-merchant overrides, the expiry, the error ladder. */
class QueryLadderTest {

    private static final Instant CREATED = Instant.parse("2026-12-01T08:00:00Z");

    private static QuerySettings settings(Map<String, MerchantQuery> merchants) {
        return new QuerySettings(Duration.ofMinutes(3), List.of(Duration.ofSeconds(30), Duration.ofMinutes(1),
                Duration.ofMinutes(5), Duration.ofMinutes(15), Duration.ofMinutes(30), Duration.ofHours(1)),
                Duration.ofHours(2), 10,
                List.of(Duration.ofSeconds(30), Duration.ofMinutes(1), Duration.ofMinutes(5), Duration.ofMinutes(15),
                        Duration.ofMinutes(30)),
                Duration.ofMinutes(30), 5, List.of(Duration.ofSeconds(1)), Duration.ofSeconds(1), 20,
                Duration.ofSeconds(5), merchants, true, null);
    }

    private static final QueryLadders DEFAULTS = new QueryLadders(settings(Map.of()));

    private static Ladder ladder() {
        return DEFAULTS.of(MerchantId.of("M1"), Optional.empty());
    }

    @Test
    void givenTheDefaultLadders_whenTiersAreDerived_thenOneTopicPerDistinctDelayShortestFirst() {
        assertThat(DEFAULTS.tiers().all()).extracting(DelayTiers.Tier::topic)
            .containsExactly("payment.query.delay-30s", "payment.query.delay-1m", "payment.query.delay-3m",
                    "payment.query.delay-5m", "payment.query.delay-15m", "payment.query.delay-30m",
                    "payment.query.delay-1h");
    }

    @Test
    void givenAMerchantOverride_whenTiersAreDerived_thenItsDelaysAddTiers() {
        QueryLadders ladders = new QueryLadders(settings(Map.of("M2", new MerchantQuery(Duration.ofSeconds(90),
                List.of(Duration.ofMillis(200), Duration.ofHours(2)), null, null))));

        assertThat(ladders.tiers().all()).extracting(DelayTiers.Tier::topic)
            .contains("payment.query.delay-200ms", "payment.query.delay-90s", "payment.query.delay-2h");
    }

    @Test
    void givenAWait_whenItsTierIsChosen_thenTheLargestDelayNotLongerThanTheWaitAndATenthElseTheSmallest() {
        DelayTiers tiers = DEFAULTS.tiers();

        assertThat(tiers.forWait(Duration.ofMinutes(5)).delay()).isEqualTo(Duration.ofMinutes(5));
        assertThat(tiers.forWait(Duration.ofMinutes(50)).delay()).isEqualTo(Duration.ofMinutes(30));
        assertThat(tiers.forWait(Duration.ofMinutes(59)).delay()).isEqualTo(Duration.ofHours(1));
        assertThat(tiers.forWait(Duration.ofHours(3)).delay()).isEqualTo(Duration.ofHours(1));
        assertThat(tiers.forWait(Duration.ofSeconds(10)).delay()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void givenAnOrderWhoseChainStartsSecondsAfterItsCreation_thenItsFirstQueryTakesTheFirstQueryTierNotALowerOne() {
        // Given the defaults (first query 3 minutes after the order's creation) and a
        // chain started 1 s and 8 s after the order was created
        Ladder ladder = ladder();
        DelayTiers tiers = DEFAULTS.tiers();

        // Then the first query waits on the 3-minute tier: due 1 s / 8 s late, not two
        // minutes early on the 1-minute tier
        assertThat(tiers.forWait(ladder.firstWait(CREATED, CREATED.plusSeconds(1))).delay())
            .isEqualTo(Duration.ofMinutes(3));
        assertThat(tiers.forWait(ladder.firstWait(CREATED, CREATED.plusSeconds(8))).delay())
            .isEqualTo(Duration.ofMinutes(3));
        // and one read 40 s late (more than a tenth of its 2m20s) takes the 1-minute tier
        assertThat(tiers.forWait(ladder.firstWait(CREATED, CREATED.plusSeconds(40))).delay())
            .isEqualTo(Duration.ofMinutes(1));
    }

    @Test
    void givenAnOrder_whenTheLadderRuns_thenFirstAfterThreeMinutesThenTheBackoffRepeatingTheLast() {
        Ladder ladder = ladder();
        Instant expires = ladder.expiresAt(CREATED);

        assertThat(expires).isEqualTo(CREATED.plus(Duration.ofHours(2)));
        assertThat(ladder.firstWait(CREATED, CREATED)).isEqualTo(Duration.ofMinutes(3));
        assertThat(ladder.firstWait(CREATED, CREATED.plusSeconds(600))).isZero();
        Instant now = CREATED.plusSeconds(180);
        assertThat(ladder.afterWaiting(0, now, expires)).isEqualTo(new Ladder.Next.Query(Duration.ofSeconds(30)));
        assertThat(ladder.afterWaiting(5, now, expires)).isEqualTo(new Ladder.Next.Query(Duration.ofHours(1)));
        assertThat(ladder.afterWaiting(40, now, expires)).isEqualTo(new Ladder.Next.Query(Duration.ofHours(1)));
    }

    @Test
    void givenTheExpiryNear_whenTheNextStepWouldPassIt_thenItIsCutAtTheExpiryAndAfterItTheChainExpires() {
        Ladder ladder = ladder();
        Instant expires = ladder.expiresAt(CREATED);

        assertThat(ladder.afterWaiting(5, expires.minusSeconds(600), expires))
            .isEqualTo(new Ladder.Next.Query(Duration.ofMinutes(10)));
        assertThat(ladder.afterWaiting(5, expires, expires)).isEqualTo(new Ladder.Next.Expired());
        assertThat(ladder.undecided(expires.plus(Duration.ofMinutes(30)), expires)).isFalse();
        assertThat(ladder.undecided(expires.plus(Duration.ofMinutes(31)), expires)).isTrue();
    }

    @Test
    void givenFailures_whenTheErrorLadderRuns_thenItsOwnDelaysRepeatingTheLastAndClosesAreCounted() {
        Ladder ladder = ladder();

        assertThat(ladder.afterFailure(0)).isEqualTo(Duration.ofSeconds(30));
        assertThat(ladder.afterFailure(4)).isEqualTo(Duration.ofMinutes(30));
        assertThat(ladder.afterFailure(9)).isEqualTo(Duration.ofMinutes(30));
        assertThat(ladder.lastClose(3)).isFalse();
        assertThat(ladder.lastClose(4)).isTrue();
    }

    @Test
    void givenOverridesOfTheMerchantOrItsProvider_whenItsLadderIsRead_thenTheyWinOverTheDefaults() {
        QueryLadders ladders = new QueryLadders(
                settings(Map.of("SUB", new MerchantQuery(null, null, Duration.ofHours(6), null), "SP",
                        new MerchantQuery(Duration.ofMinutes(1), List.of(Duration.ofMinutes(2)), null, 3))));

        Ladder sub = ladders.of(MerchantId.of("SUB"), Optional.of(MerchantId.of("SP")));
        Ladder other = ladders.of(MerchantId.of("OTHER"), Optional.of(MerchantId.of("SP")));

        assertThat(sub.expiry()).isEqualTo(Duration.ofHours(6));
        assertThat(sub.firstQueryAfter()).isEqualTo(Duration.ofMinutes(3));
        assertThat(other.firstQueryAfter()).isEqualTo(Duration.ofMinutes(1));
        assertThat(other.backoff()).containsExactly(Duration.ofMinutes(2));
        assertThat(ladders.rateOf("SP")).isEqualTo(3);
        assertThat(ladders.rateOf("SUB")).isEqualTo(10);
    }

    @Test
    void givenABadOverride_whenTheSettingsAreBound_thenTheStartStops() {
        assertThatThrownBy(() -> settings(Map.of("M", new MerchantQuery(null, List.of(), null, null))))
            .hasMessageContaining("reconcile.query.merchants.M.backoff");
        assertThatThrownBy(() -> settings(Map.of("M", new MerchantQuery(null, null, null, 0))))
            .hasMessageContaining("rate");
    }

}
