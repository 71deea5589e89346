package io.paypipe.reconcile.recon.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.embedded.MutableClock;
import io.paypipe.reconcile.recon.batch.RunProgress.Phase;
import io.paypipe.reconcile.recon.batch.RunProgress.Progress;
import io.paypipe.reconcile.recon.batch.RunProgress.Tracker;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The figures of a running batch: rows per second since the reading began, the time left
 * from the bytes read of the length, frozen once the batch compares.
 */
class RunProgressTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-30T02:30:00Z"));

    private final RunProgress progress = new RunProgress(clock);

    @Test
    void givenAQueuedBatch_whenAsked_thenItIsQueuedWithoutRate() {
        progress.begin(7);

        assertThat(progress.of(7)).contains(new Progress(Phase.QUEUED, 0, 0, Optional.empty(), 0, Optional.empty()));
    }

    @Test
    void givenAQuarterOfTheBytesReadInTenSeconds_whenAsked_thenTheRateIsRowsPerSecondAndThirtySecondsAreLeft() {
        Tracker tracker = progress.begin(7);
        tracker.reading();
        tracker.length(4_000);
        clock.advance(Duration.ofSeconds(10));
        tracker.bytes(1_000);
        for (int i = 0; i < 500; i++) {
            tracker.line();
        }

        assertThat(progress.of(7))
            .contains(new Progress(Phase.READING, 500, 1_000, Optional.of(4_000L), 50, Optional.of(30L)));
    }

    @Test
    void givenALengthTheChannelDidNotSay_whenAsked_thenThereIsNoTimeLeft() {
        Tracker tracker = progress.begin(7);
        tracker.reading();
        tracker.length(-1);
        tracker.bytes(10);
        clock.advance(Duration.ofSeconds(1));

        assertThat(progress.of(7).orElseThrow().length()).isEmpty();
        assertThat(progress.of(7).orElseThrow().secondsLeft()).isEmpty();
    }

    @Test
    void givenTheReadingEnded_whenTheBatchCompares_thenTheRateIsTheReadingsAndStaysSo() {
        Tracker tracker = progress.begin(7);
        tracker.reading();
        tracker.line();
        tracker.line();
        clock.advance(Duration.ofSeconds(2));
        tracker.comparing();
        clock.advance(Duration.ofSeconds(60));

        Progress comparing = progress.of(7).orElseThrow();

        assertThat(comparing.phase()).isEqualTo(Phase.COMPARING);
        assertThat(comparing.rowsPerSecond()).isOne();
        assertThat(comparing.secondsLeft()).isEmpty();
    }

    @Test
    void givenAFinishedBatch_whenAsked_thenItHasNoFigures() {
        progress.begin(7);

        progress.end(7);

        assertThat(progress.of(7)).isEmpty();
    }

}
