package io.paypipe.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BillSectionTest {

    static BillSummary bill(String status, long compared, long diffsOpen, Map<String, Long> open) {
        BillSummary.Timing timing = new BillSummary.Timing(60_000, 16_666.7, 40_000, 25_000,
                "the service's rate when the comparison began", 20_000, 500, 90_000, 1.5,
                Optional.of("2026-12-01T02:30:04Z"), Optional.of("2026-12-01T02:31:04Z"));
        BillSummary.Memory memory = new BillSummary.Memory(
                List.of(new BillSummary.ProcessRss(42, "paypipe-launcher", 900, 1_250, 1_100)), Optional.of(200L),
                Optional.of(450L), Optional.of(768L), Optional.of(80L), Optional.of(95L));
        return new BillSummary("2026-12-01T02:29:00Z", "./paypipe bench --only=bill",
                Map.of("cpus", "2", "cpuModel", "AMD EPYC"), "1.20 1.10 1.00 2/400 99", "1.90 1.40 1.10 2/400 120",
                "wechatpay", "1900000100", "2020-01-06", 1_000_000, new BillSummary.Seeding(0, 1_000_000, 95_000),
                Optional.of(7L), status, List.of(), 1_000_000, 41_000_000, compared, diffsOpen, open, timing, memory,
                List.of(new BillSummary.Sample(500, "READING", 12_000, 1_300, Optional.of(300L))), Optional.empty());
    }

    @Test
    void givenACleanBatch_whenRendered_thenItShowsTheSpeedTheSplitTheMemoryAndTheCommand() {
        String md = BillSection.markdown(bill("CLEAN", 1_000_000, 0, Map.of()), true);

        assertThat(md).contains("### Bill reconciliation: a generated WeChat bill of 1000000 lines",
                "`./paypipe bench --only=bill`", "on its own", "Machine: ", "cpus `2`;", "cpuModel `AMD EPYC`;",
                "load average at its start `1.20 1.10 1.00 2/400 99`", "**CLEAN**",
                "| **rows/s end to end** | **16667** |", "| lines read / compared | 1000000 / 1000000 |",
                "40.0 s at 25000 rows/s",
                "| guards and comparison with the ledger (wall time minus reading) | 20.0 s |",
                "wechatpay 1900000100 2020-01-06 (7)", "90.0 s, 1.5 cores busy",
                "2026-12-01T02:30:04Z → 2026-12-01T02:31:04Z (60.0 s)", "200 MiB / 450 MiB (768 MiB)",
                "| its old generation used: before / highest poll | 80 MiB / 95 MiB |",
                "1000000 payments inserted in 95.0 s", "| paypipe-launcher (42) | 900 | 1250 | 1100 | 350 |");
        assertThat(md).doesNotContain("FAILED");
    }

    @Test
    void givenABatchWithDifferences_whenRendered_thenItIsAFailedFigureNotASpeed() {
        BillSummary b = bill("DIFFS", 1_000_000, 3, Map.of("LOCAL_ONLY", 3L));

        String md = BillSection.markdown(b, false);

        assertThat(b.clean()).isFalse();
        assertThat(md).contains("**FAILED FIGURE: the batch ended DIFFS, not CLEAN with every line compared**",
                "LOCAL_ONLY=3", "Its speed is not a reconciliation speed");
        assertThat(md).doesNotContain("on its own").doesNotContain("Machine:");
    }

    @Test
    void aCleanStatusWithLinesMissingIsNotAFigureEither() {
        assertThat(bill("CLEAN", 999_999, 0, Map.of()).clean()).isFalse();
        assertThat(bill("CLEAN", 1_000_000, 0, Map.of()).clean()).isTrue();
    }

    @Test
    void givenAPhaseThatCouldNotRun_whenRendered_thenOnlyItsReasonIsShown() {
        BillSummary failed = BillSummary.failed("2026-12-01T02:29:00Z", "./paypipe bench", Map.of(), "1.0",
                "1900000100", "2020-01-06", 1_000_000, BillSummary.Seeding.NONE, Optional.empty(),
                "java.lang.IllegalStateException: cannot reach reconcile-service");

        String md = BillSection.markdown(failed, false);

        assertThat(failed.clean()).isFalse();
        assertThat(md).contains("**FAILED FIGURE: the phase did not measure**: java.lang.IllegalStateException")
            .doesNotContain("rows/s end to end");
    }

}
