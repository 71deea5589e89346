package io.paypipe.bench.bill;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.bench.product.ProcessUsage.Rss;
import io.paypipe.bench.report.BillSummary;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MemoryPeaksTest {

    @Test
    void givenReadingsDuringABatch_whenSummed_thenEachProcessHasItsBeforeHighestAndLast() {
        // Given the launcher at 900 MiB and MariaDB at 300 MiB before the batch
        MemoryPeaks peaks = new MemoryPeaks(List.of(new Rss(1, "paypipe-launcher", 900), new Rss(2, "mariadbd", 300)),
                Optional.of(new ReconClient.Heap(200, 512, Optional.of(80L))));

        // When the readings go up and down again
        long total = peaks.read(List.of(new Rss(1, "paypipe-launcher", 1_200), new Rss(2, "mariadbd", 310)),
                Optional.of(new ReconClient.Heap(450, 768, Optional.of(95L))));
        peaks.read(List.of(new Rss(1, "paypipe-launcher", 1_100), new Rss(2, "mariadbd", 350)),
                Optional.of(new ReconClient.Heap(300, 768, Optional.of(90L))));

        // Then
        assertThat(total).isEqualTo(1_510);
        BillSummary.Memory m = peaks.summary();
        assertThat(m.processes()).containsExactly(new BillSummary.ProcessRss(1, "paypipe-launcher", 900, 1_200, 1_100),
                new BillSummary.ProcessRss(2, "mariadbd", 300, 350, 350));
        assertThat(m.heapUsedBeforeMib()).contains(200L);
        assertThat(m.heapUsedPeakMib()).contains(450L);
        assertThat(m.heapCommittedPeakMib()).contains(768L);
        assertThat(m.oldGenUsedBeforeMib()).contains(80L);
        assertThat(m.oldGenUsedPeakMib()).contains(95L);
    }

    @Test
    void aProcessThatAppearsDuringTheBatchCountsFromNothingAndAnUnexposedHeapStaysUnknown() {
        MemoryPeaks peaks = new MemoryPeaks(List.of(), Optional.empty());

        peaks.read(List.of(new Rss(3, "new", 50)), Optional.empty());

        assertThat(peaks.summary().processes()).containsExactly(new BillSummary.ProcessRss(3, "new", 0, 50, 50));
        assertThat(peaks.summary().heapUsedPeakMib()).isEmpty();
        assertThat(peaks.summary().heapUsedBeforeMib()).isEmpty();
        assertThat(peaks.summary().oldGenUsedPeakMib()).isEmpty();
    }

}
