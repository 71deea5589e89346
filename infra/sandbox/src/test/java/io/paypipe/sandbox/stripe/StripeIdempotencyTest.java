package io.paypipe.sandbox.stripe;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Stripe's idempotency keys as the sandbox keeps them. */
class StripeIdempotencyTest {

    private final MovableClock clock = new MovableClock(Instant.parse("2026-03-01T08:00:00Z"));

    private final StripeIdempotency keys = new StripeIdempotency(clock, Duration.ofHours(24));

    private final AtomicInteger runs = new AtomicInteger();

    @Test
    void aKeyAnswersItsFirstAnswerAgainWithoutRunningTheRequest() {
        StripeApiResponse first = keys.run("acct_1", "RF-1", "amount=100", this::created);
        StripeApiResponse second = keys.run("acct_1", "RF-1", "amount=100", this::created);

        assertThat(runs).hasValue(1);
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(second.replayed()).isTrue();
        assertThat(first.replayed()).isFalse();
    }

    @Test
    void aKeyWithOtherParametersIsAnIdempotencyError() {
        keys.run("acct_1", "RF-2", "amount=100", this::created);

        StripeApiResponse other = keys.run("acct_1", "RF-2", "amount=200", this::created);

        assertThat(runs).hasValue(1);
        assertThat(other.status()).isEqualTo(400);
        assertThat(other.body()).contains("\"type\": \"idempotency_error\"");
    }

    @Test
    void aKeyOlderThanADayIsNewAgainSoTheRequestRunsASecondTime() {
        // Given a key used a day and a minute ago
        keys.run("acct_1", "RF-3", "amount=100", this::created);
        clock.advance(Duration.ofHours(24).plusMinutes(1));

        // When it comes again
        StripeApiResponse again = keys.run("acct_1", "RF-3", "amount=100", this::created);

        // Then it ran again: a caller relying on the key alone would refund twice
        assertThat(runs).hasValue(2);
        assertThat(again.replayed()).isFalse();
    }

    @Test
    void keysArePerAccountAndA503FromTheFrontDoorIsNotSaved() {
        keys.run("acct_1", "RF-4", "amount=100", this::created);
        keys.run("acct_2", "RF-4", "amount=100", this::created);
        keys.run("acct_1", "RF-5", "amount=100", StripeApiErrors::unavailable);
        keys.run("acct_1", "RF-5", "amount=100", this::created);

        assertThat(runs).hasValue(3);
    }

    @Test
    void a500IsSavedAndReturnedToEveryRetryWithTheKey() {
        keys.run("acct_1", "RF-6", "amount=100", () -> StripeApiResponse.of(500, "{}"));

        StripeApiResponse retry = keys.run("acct_1", "RF-6", "amount=100", this::created);

        assertThat(runs).hasValue(0);
        assertThat(retry.status()).isEqualTo(500);
    }

    private StripeApiResponse created() {
        return StripeApiResponse.of(200, "{\"id\": \"re_" + runs.incrementAndGet() + "\"}");
    }

    private static final class MovableClock extends Clock {

        private Instant now;

        MovableClock(Instant now) {
            this.now = now;
        }

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }

    }

}
