package io.paypipe.bench.product;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class OrderSeederTest {

    private static final Duration STALL = Duration.ofMinutes(1);

    private static final long ONE_MINUTE = STALL.toNanos();

    @Test
    void waitsLongerThanTheStallTimeWhileTheOrdersKeepComing() {
        // Given a store that takes 10 polls, a minute apart, to store 100 orders
        AtomicLong now = new AtomicLong();
        AtomicLong stored = new AtomicLong();

        // When the seeder waits, each pause a minute long and ten more orders stored
        OrderSeeder.awaitStored(100, stored::get, STALL, now::get, () -> {
            now.addAndGet(ONE_MINUTE);
            stored.addAndGet(10);
        });

        // Then it waited the ten minutes it took
        assertThat(stored.get()).isEqualTo(100);
        assertThat(now.get()).isEqualTo(10 * ONE_MINUTE);
    }

    @Test
    void givesUpWhenNoMoreOrdersAreStoredForTheStallTime() {
        // Given a store stuck at 80 of 100 orders
        AtomicLong now = new AtomicLong();

        // When the seeder waits, each pause ten seconds long
        // Then it gives up, saying how far it got, once a minute passed without growth
        assertThatIllegalStateException()
            .isThrownBy(() -> OrderSeeder.awaitStored(100, () -> 80, STALL, now::get,
                    () -> now.addAndGet(Duration.ofSeconds(10).toNanos())))
            .withMessageContaining("only 80 of 100 orders stored");
        assertThat(now.get()).isGreaterThan(ONE_MINUTE)
            .isLessThanOrEqualTo(ONE_MINUTE + Duration.ofSeconds(10).toNanos());
    }

}
