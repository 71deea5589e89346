package io.paypipe.ingress.callback;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.paypipe.embedded.MutableClock;
import io.paypipe.ingress.config.IngressProperties;
import io.paypipe.ingress.config.IngressPropertiesFixtures;
import io.paypipe.ingress.intake.IntakeOutcome;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class CallbackSummaryTest {

    private static final Instant START = Instant.parse("2026-12-01T06:40:00Z");

    private final MutableClock clock = new MutableClock(START);

    private final CallbackTally tally = new CallbackTally(new SimpleMeterRegistry());

    private final CallbackSummary summary = new CallbackSummary(tally, clock, properties());

    @Test
    void givenNoCallbacks_whenTheIntervalEnds_thenThereIsNoLine() {
        clock.advance(Duration.ofMinutes(1));

        assertThat(summary.next()).isEmpty();
    }

    @Test
    void givenCallbacksOfTwoChannels_whenTheIntervalEnds_thenOneLineCountsEachChannelAndOutcome() {
        // Given three published WeChat payments, one bad WeChat signature, one Alipay
        // duplicate of a settled row and one busy Alipay callback
        for (int i = 0; i < 3; i++) {
            tally.stored(ChannelAck.WECHATPAY, new IntakeOutcome.Published(i, false), System.nanoTime());
        }
        tally.rejected(ChannelAck.WECHATPAY, Rejection.BAD_SIGNATURE, System.nanoTime());
        tally.stored(ChannelAck.ALIPAY, new IntakeOutcome.AlreadySettled(7, 1), System.nanoTime());
        tally.rejected(ChannelAck.ALIPAY, Rejection.BUSY, System.nanoTime());

        // When a minute has passed
        clock.advance(Duration.ofMinutes(1));

        // Then one line says them, by channel, outcomes in alphabetical order
        assertThat(summary.next()).hasValue("callbacks in the last 60 s (since 2026-12-01T06:40:00Z): "
                + "wechatpay bad_signature=1 published=3; alipay already_settled=1 busy=1");
    }

    @Test
    void givenALineWasWritten_whenTheNextIntervalEnds_thenItCountsOnlyTheCallbacksSinceThatLine() {
        // Given a line about two published payments
        tally.stored(ChannelAck.STRIPE, new IntakeOutcome.Published(1, false), System.nanoTime());
        tally.stored(ChannelAck.STRIPE, new IntakeOutcome.Published(2, false), System.nanoTime());
        clock.advance(Duration.ofMinutes(1));
        assertThat(summary.next()).isPresent();

        // When one more arrives in the next 30 s, and nothing in the 30 s after that
        tally.stored(ChannelAck.STRIPE, new IntakeOutcome.Published(3, true), System.nanoTime());
        clock.advance(Duration.ofSeconds(30));
        var second = summary.next();
        clock.advance(Duration.ofSeconds(30));

        // Then the second line says only that one, and the third says nothing
        assertThat(second)
            .hasValue("callbacks in the last 30 s (since 2026-12-01T06:41:00Z): stripe published_again=1");
        assertThat(summary.next()).isEmpty();
    }

    @Test
    void givenEveryIntakeOutcome_whenCounted_thenEachHasItsOwnOutcomeTag() {
        assertThat(CallbackTally.name(new IntakeOutcome.Published(1, false))).isEqualTo("published");
        assertThat(CallbackTally.name(new IntakeOutcome.Published(1, true))).isEqualTo("published_again");
        assertThat(CallbackTally.name(new IntakeOutcome.StateChangedRepublished(1, 1, "CLOSED", "SUCCESS")))
            .isEqualTo("state_changed");
        assertThat(CallbackTally.name(new IntakeOutcome.AlreadySettled(1, 1))).isEqualTo("already_settled");
        assertThat(CallbackTally.name(new IntakeOutcome.Logged())).isEqualTo("logged");
        assertThat(CallbackTally.name(new IntakeOutcome.StorageFailed())).isEqualTo("storage_failed");
        assertThat(CallbackTally.name(new IntakeOutcome.PublishFailed(1))).isEqualTo("publish_failed");
    }

    private static IngressProperties properties() {
        return IngressPropertiesFixtures.defaults();
    }

}
