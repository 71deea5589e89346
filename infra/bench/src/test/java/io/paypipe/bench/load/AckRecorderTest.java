package io.paypipe.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.http.HttpTimeoutException;
import org.junit.jupiter.api.Test;

class AckRecorderTest {

    @Test
    void countsSuccessAcksAndSortsEverythingElseByKind() {
        // Given a phase with two success acks (200 and 204), a fail ack, a timeout and a
        // broken connection
        AckRecorder recorder = new AckRecorder();
        long due = System.nanoTime();
        for (int i = 0; i < 5; i++) {
            recorder.sending(due);
        }
        recorder.answered(due, 200);
        recorder.answered(due, 204);
        recorder.answered(due, 503);
        recorder.failed(new HttpTimeoutException("slow"));
        recorder.failed(new IOException("reset"));

        // When the phase is summed up
        AckStats stats = recorder.stats();

        // Then only the success acks count as accepted, and each error kind is counted
        // apart
        assertThat(stats.sent()).isEqualTo(5);
        assertThat(stats.accepted()).isEqualTo(2);
        assertThat(stats.withinBudget()).isEqualTo(2);
        assertThat(stats.errors()).containsEntry("http_503", 1L)
            .containsEntry("timeout", 1L)
            .containsEntry("io_IOException", 1L);
        assertThat(stats.latencyMicros().getTotalCount()).isEqualTo(3);
    }

    @Test
    void aSuccessAckAfterTheChannelsFiveSecondsIsNotWithinTheBudget() {
        AckRecorder recorder = new AckRecorder();
        long sixSecondsAgo = System.nanoTime() - 6_000_000_000L;
        recorder.sending(sixSecondsAgo);

        recorder.answered(sixSecondsAgo, 200);

        AckStats stats = recorder.stats();
        assertThat(stats.accepted()).isEqualTo(1);
        assertThat(stats.withinBudget()).isZero();
        assertThat(stats.shareWithinBudget()).isZero();
        assertThat(stats.millisAt(99)).isGreaterThanOrEqualTo(6_000);
    }

}
