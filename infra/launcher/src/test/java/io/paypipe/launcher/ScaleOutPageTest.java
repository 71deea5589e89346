package io.paypipe.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.launcher.ScaleOutRound.Drain;
import io.paypipe.launcher.ScaleOutRound.Idle;
import io.paypipe.launcher.ScaleOutRound.Intake;
import io.paypipe.launcher.ScaleOutRound.Latency;
import io.paypipe.launcher.ScaleOutRound.Result;
import io.paypipe.launcher.ScaleOutRound.Shape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScaleOutPageTest {

    @TempDir
    Path dir;

    @Test
    void dividesEachDrainByOneProcessorByThreePartitionsAndByAllBrokersUp() throws Exception {
        // Given one processor paying 1,000/s on 3 partitions, two paying 1,500/s, and
        // on 6 partitions two paying 1,800/s, then 1,200/s with a broker down
        List<Result> results = List.of(result(3, 1, 3, 1_000), result(3, 2, 3, 1_500), result(6, 1, 3, 900),
                result(6, 2, 3, 1_800), result(6, 2, 2, 1_200));

        // When the page is written
        Path page = dir.resolve("scale-out.md");
        ScaleOutPage.write(page, new ScaleOutPage.Run(Instant.parse("2026-12-01T17:00:00Z"),
                Instant.parse("2026-12-01T17:30:00Z"), 10_000, 200, Duration.ofSeconds(20), List.of("-Xmx1g")),
                results);

        // Then each row carries its ratios: x 1 processor, x 3 partitions, x all brokers
        // up
        String text = Files.readString(page);
        assertThat(text).contains("| 3 | 1 | 3 | 2,000 (3) | 1,000 | 1.00 | 1.00 | - | 1.000 | 1.00 | 1,000 |")
            .contains("| 3 | 2 | 3 | 2,000 (3) | 1,500 | 1.50 | 1.00 | - |")
            .contains("| 6 | 2 | 3 | 2,000 (3) | 1,800 | 2.00 | 1.20 | - |")
            .contains("| 6 | 2 | 2 | 2,000 (3) | 1,200 | 1.33 | - | 0.67 |")
            // and the latency with the idle CPU and the fail acks of its window
            .contains("| 6 | 2 | 2 | 0.10 | 20.0 / 90.0 / 120.0 | 1 | 2.000 | 0.40 |")
            .contains("took 1800 s")
            .contains("paid 1,800 payments/s");
    }

    /**
     * A round whose drain paid {@code perSecond} payments in 1 s at 1 CPU ms each, after
     * an intake of 2,000/s with 3 fail acks.
     */
    private static Result result(int partitions, int processors, int brokersUp, int perSecond) {
        return new Result(new Shape(partitions, processors, brokersUp), new Intake(10_000, Duration.ofSeconds(5), 3),
                new Drain(perSecond, Duration.ofSeconds(1), Duration.ofMillis(perSecond)),
                new Idle(Duration.ofSeconds(5), Duration.ofMillis(500)),
                new Latency(200, 4_000, 20, 90, 120, Duration.ofSeconds(20), Duration.ofSeconds(8), 1));
    }

}
