package io.paypipe.bench.bill;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.bench.product.ProcessUsage;
import io.paypipe.bench.report.BillSummary;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BillTimingsTest {

    private static BatchState clean(long rows) {
        return new BatchState("CLEAN", List.of(), rows, 40_000_000, rows, 0, Map.of(),
                Optional.of("2020-01-06T01:00:00Z"), Optional.of("2020-01-06T01:01:00Z"), Optional.empty());
    }

    @Test
    void givenAPollDuringTheComparison_whenSplit_thenTheReadingIsTheRowsAtTheServicesFrozenRate() {
        // Given a million rows, read at 25 000 rows/s by the service's own count, and a
        // batch that ended 60 s after the POST
        Optional<BatchState.Progress> comparing = Optional
            .of(new BatchState.Progress("COMPARING", 1_000_000, 41_000_000, 25_000));

        // When the time is split
        BillSummary.Timing t = BillTimings.of(1_000_000, 60_000, 500, comparing,
                Optional.of(new BatchState.Progress("READING", 990_000, 40_000_000, 24_000)),
                new ProcessUsage.Cpu(90_000, 1_000), clean(1_000_000));

        // Then reading took 40 s, the comparison the other 20 s, at 16 666.7 rows/s end
        // to end
        assertThat(t.readMillis()).isEqualTo(40_000);
        assertThat(t.readRowsPerSecond()).isEqualTo(25_000);
        assertThat(t.compareMillis()).isEqualTo(20_000);
        assertThat(t.rowsPerSecond()).isEqualTo(16_666.7);
        assertThat(t.readFrom()).startsWith("the service's rate when the comparison began");
        assertThat(t.productCpuMillis()).isEqualTo(90_000);
        assertThat(t.coresBusy()).isEqualTo(1.5);
        assertThat(t.batchStartedAt()).contains("2020-01-06T01:00:00Z");
    }

    @Test
    void givenNoPollDuringTheComparison_whenSplit_thenTheLastReadingRateIsUsedAndSaidToBeAnEstimate() {
        BillSummary.Timing t = BillTimings.of(100_000, 5_000, 500, Optional.empty(),
                Optional.of(new BatchState.Progress("READING", 90_000, 4_000_000, 25_000)), new ProcessUsage.Cpu(0, 0),
                clean(100_000));

        assertThat(t.readMillis()).isEqualTo(4_000);
        assertThat(t.compareMillis()).isEqualTo(1_000);
        assertThat(t.readFrom()).contains("last poll while reading");
    }

    @Test
    void givenNoProgressSeenAtAll_whenSplit_thenNothingIsMadeUp() {
        BillSummary.Timing t = BillTimings.of(10, 500, 500, Optional.empty(), Optional.empty(),
                new ProcessUsage.Cpu(0, 0), clean(10));

        assertThat(t.readMillis()).isZero();
        assertThat(t.readFrom()).isEqualTo("not seen");
        assertThat(t.rowsPerSecond()).isEqualTo(20.0);
    }

}
