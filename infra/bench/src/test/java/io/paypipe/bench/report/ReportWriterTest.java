package io.paypipe.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.bench.backlog.BacklogCost;
import io.paypipe.bench.floor.FloorStats;
import io.paypipe.bench.load.AckStats;
import io.paypipe.bench.product.ProcessUsage;
import io.paypipe.core.topic.Json;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {

    @TempDir
    Path dir;

    static Histogram micros(long... values) {
        Histogram h = new Histogram(60_000_000L, 3);
        for (long v : values) {
            h.recordValue(v);
        }
        return h;
    }

    static PhaseSummary phase(String label, String system, int load, long delay, boolean exact) {
        AckStats ack = new AckStats(100, 100, 98, Map.of(), 1_000, micros(5_000, 9_000, 120_000));
        return PhaseSummary.of(label, system, "rate", load, delay, ack, new ProcessUsage.Cpu(300, 100), 90, 500,
                Latency.ofMicros(micros(300_000, 900_000)), exact, Map.of("paidOrders", 100L));
    }

    static BenchReport report(boolean exact) {
        List<FloorSummary> floors = List.of(
                FloorSummary.of(new FloorStats("jdbc autocommit INSERT", 32, 20_000, 0, 10_000, micros(2_000, 30_000))),
                FloorSummary
                    .of(new FloorStats("kafka producer acks=all", 32, 40_000, 0, 10_000, micros(1_000, 9_000))));
        PhaseSummary capacity = phase("pipeline, concurrency 32", "pipeline", 32, 0, true);
        List<PhaseSummary> ladder = List.of(phase("pipeline, 100/s", "pipeline", 100, 0, true),
                phase("pipeline, 400/s", "pipeline", 400, 0, exact));
        List<PhaseSummary> comparison = List.of(phase("pipeline, 200/s", "pipeline", 200, 0, true),
                phase("sync baseline, 200/s, downstream 800 ms", "sync-baseline", 200, 800, true));
        List<BacklogCost.Row> backlog = List.of(
                new BacklogCost.Row("table-scan", 10_000, 1_000, 9_000, 9.0, 4_000, 4.0, 350.0, "drains in 25 s"),
                new BacklogCost.Row("retry-topic", 10_000, 1_000, 1_000, 1.0, 1_000, 1.0, 120.0, ""));
        return new BenchReport("2026-11-30T05:00:00Z", 600, Map.of("cpus", "2"), Map.of(), floors,
                Optional.of(capacity), ladder, comparison, backlog,
                List.of(new ProcessUsage.Rss(42, "paypipe-launcher", 900)), Map.of("ingressOverLowerFloor", 0.05),
                exact, Optional.empty(), Optional.empty());
    }

    @Test
    void writesTheMarkdownItsJsonAndAChartOfTheSameRun() throws Exception {
        // Given a finished run
        BenchReport report = report(true);

        // When it is written
        ReportWriter.write(report, dir);

        // Then the markdown has every table, the JSON reads back to the same verdict, and
        // the chart is a real image
        String md = Files.readString(dir.resolve(ReportWriter.MARKDOWN));
        assertThat(md).contains("### Headline ratios", "| ingressOverLowerFloor | 0.05 |", "### Floors",
                "jdbc autocommit INSERT", "sync baseline, 200/s, downstream 800 ms", "### Backlog", "table-scan",
                "paypipe-launcher", "![latency against offered load](" + ReportWriter.CHART + ")");
        assertThat(Json.MAPPER.readTree(dir.resolve(ReportWriter.JSON).toFile()).get("allExact").asBoolean()).isTrue();
        BufferedImage chart = ImageIO.read(dir.resolve(ReportWriter.CHART).toFile());
        assertThat(chart.getWidth()).isGreaterThan(500);
    }

    @Test
    void givenTheBillPhaseAlone_whenAddedToTheLastReport_thenThePipelineStaysAsMeasuredAndTheBillHasItsOwnRun()
            throws Exception {
        // Given the report of an earlier full run in the folder
        ReportWriter.write(report(true), dir);

        // When the bill phase alone adds its section
        BillSummary bill = BillSectionTest.bill("CLEAN", 1_000_000, 0, Map.of());
        BenchReport merged = ReportWriter.read(dir).orElseThrow().withBill(bill);
        ReportWriter.write(merged, dir);

        // Then the page has the earlier run's tables and the bill section, marked as
        // measured on its own, and the JSON reads back with both
        String md = Files.readString(dir.resolve(ReportWriter.MARKDOWN));
        assertThat(md).contains("Started 2026-11-30T05:00:00Z", "### Floors", "jdbc autocommit INSERT",
                "### Bill reconciliation", "on its own", "**CLEAN**");
        BenchReport read = ReportWriter.read(dir).orElseThrow();
        assertThat(read.capacity()).isPresent();
        assertThat(read.bill()).contains(bill);
        assertThat(read.allExact()).isTrue();
    }

    @Test
    void aBillPhaseOfTheSameRunIsNotSaidToBeMeasuredOnItsOwn() {
        BillSummary clean = BillSectionTest.bill("CLEAN", 1_000_000, 0, Map.of());
        BillSummary sameRun = new BillSummary(clean.startedAt(), "./paypipe bench", clean.machine(),
                clean.loadAverageAtStart(), clean.loadAverageAtEnd(), clean.channel(), clean.merchantId(), clean.day(),
                clean.lines(), clean.seeding(), clean.batchId(), clean.status(), clean.reasons(), clean.rowsRead(),
                clean.billBytes(), clean.compared(), clean.diffsOpen(), clean.openByCategory(), clean.timing(),
                clean.memory(), clean.samples(), clean.failure());

        assertThat(ReportWriter.markdown(report(true).withBill(sameRun), "")).contains("### Bill reconciliation")
            .doesNotContain("on its own");
    }

    @Test
    void aBillBatchThatIsNotCleanFailsTheRun() {
        BenchReport merged = report(true).withBill(BillSectionTest.bill("DIFFS", 1_000_000, 2, Map.of("AMOUNT", 2L)));

        assertThat(merged.allExact()).isFalse();
        assertThat(ReportWriter.markdown(merged, "")).contains("NO: this run is a failed run", "FAILED FIGURE");
    }

    @Test
    void givenNoEarlierReport_whenTheBillPhaseRanAlone_thenThePageHasOnlyTheBillSection() throws Exception {
        BenchReport alone = BenchReport.billOnly("2026-12-01T02:29:00Z", 70, Map.of("cpus", "2"),
                Map.of("only", "bill"), BillSectionTest.bill("CLEAN", 1_000_000, 0, Map.of()));

        ReportWriter.write(alone, dir);

        String md = Files.readString(dir.resolve(ReportWriter.MARKDOWN));
        assertThat(md).contains("Only the bill reconciliation ran", "### Bill reconciliation", "**CLEAN**")
            .doesNotContain("### Floors");
        assertThat(ReportWriter.read(dir).orElseThrow().capacity()).isEmpty();
    }

    @Test
    void readsAReportWrittenBeforeTheBillPhaseExisted() throws Exception {
        // Given the JSON of a run without a "bill" (as docs/benchmarks.json was)
        ReportWriter.write(report(true), dir);
        tools.jackson.databind.node.ObjectNode json = (tools.jackson.databind.node.ObjectNode) Json.MAPPER
            .readTree(dir.resolve(ReportWriter.JSON).toFile());
        json.remove("bill");
        Files.writeString(dir.resolve(ReportWriter.JSON), json.toString());

        // When it is read, then it has no bill section and the rest
        BenchReport read = ReportWriter.read(dir).orElseThrow();
        assertThat(read.bill()).isEmpty();
        assertThat(read.capacity()).isPresent();
        assertThat(ReportWriter.markdown(read, "")).doesNotContain("### Bill reconciliation");
    }

    @Test
    void saysARunWithInexactEffectsIsAFailedRun() throws Exception {
        ReportWriter.write(report(false), dir);

        assertThat(Files.readString(dir.resolve(ReportWriter.MARKDOWN))).contains("NO: this run is a failed run",
                "**NOT EXACT**");
    }

}
