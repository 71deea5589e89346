package io.paypipe.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.topic.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import io.paypipe.bench.product.GcPauses;
import io.paypipe.bench.product.ThreadCpu;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class StagesSectionTest {

    @TempDir
    Path dir;

    static StagesSummary stages(boolean cycleExact, boolean warmupExact) {
        return stages(cycleExact, warmupExact, true);
    }

    static StagesSummary stages(boolean cycleExact, boolean warmupExact, boolean pipelineWarmupExact) {
        List<StageCycle> cycles = List.of(StageFiguresTest.cycle("stage cycle 1", 2_000, 1_400, 3_500, 2_900, true),
                StageFiguresTest.cycle("stage cycle 2", 3_000, 1_800, 4_000, 3_100, cycleExact),
                StageFiguresTest.cycle("stage cycle 3", 2_600, 1_600, 3_000, 3_300, true));
        List<StagesSummary.PipelineRepeat> pipeline = List.of(StageFiguresTest.repeat(1, 1_000, 950),
                StageFiguresTest.repeat(2, 1_000, 850), StageFiguresTest.repeat(3, 1_000, 900));
        return new StagesSummary(List.of("processor:processor.batch.enabled=false"),
                Map.of("acks", "all", "linger.ms", "0"), 10_000, warmupExact, cycles, pipeline,
                StageFigures.of(cycles, 6_000, pipeline, List.of()),
                List.of(new StagesSummary.PhaseThreads("warm-up (not reported)", "ack",
                        List.of(new ThreadCpu.Share("ForkJoinPool-N-", 900, 9.0, 90.0))),
                        new StagesSummary.PhaseThreads("stage cycle 1, ingress alone", "delivery",
                                List.of(new ThreadCpu.Share("ForkJoinPool-N-", 1_300, 0.3, 95.0))),
                        new StagesSummary.PhaseThreads("pipeline, 250/s (25%), repeat 1", "ack",
                                List.of(new ThreadCpu.Share("data-plane-kafk", 4_120, 2.06, 20.6),
                                        new ThreadCpu.Share("processor-notif", 3_400, 1.7, 17.0)),
                                Optional.of(new GcPauses(3, 130.5, 96.6)))),
                List.of("-Xlog:gc:file=var/bench/product-gc.log:time,level,tags", "-Xms4g"), List.of(12.5, 3.2),
                Optional.of(new StagesSummary.PipelineWarmUp(2, List.of(7.5, 4.1), pipelineWarmupExact)));
    }

    static BenchReport withStages(BenchReport r, StagesSummary s) {
        return new BenchReport(r.startedAt(), r.tookSeconds(), r.machine(), r.options(), r.floors(), r.capacity(),
                r.ladder(), r.comparison(), r.backlog(), r.memory(), r.ratios(),
                BenchReport.allExact(r.capacity(), r.ladder(), r.comparison(), r.bill(), Optional.of(s)), r.bill(),
                Optional.of(s));
    }

    @Test
    void givenAMeasuredRun_thenTheStagesTableHasEveryFigureAgainstItsTargetAndTheProductArgs() throws Exception {
        // Given a run with three stage cycles and three pipeline repeats
        BenchReport report = withStages(ReportWriterTest.report(true), stages(true, true));

        // When it is written
        ReportWriter.write(report, dir);

        // Then the Stages section comes before the pipeline's tables, with the median,
        // the spread, the target and the ratio of each figure
        String md = Files.readString(dir.resolve(ReportWriter.MARKDOWN));
        assertThat(md.indexOf("### Stages, each on its own")).isPositive().isLessThan(md.indexOf("### The pipeline"));
        assertThat(md).contains("| stage | unit | median | spread over 3 runs (min - max) | target | ratio |",
                "| ingress alone | deliveries acked/s | 2,600 | 2,000 - 3,000 | >= 2,500/s | 1.040 (met) | 1.500 (1.500 - 1.500) |",
                "| processor drain | payments/s | 1,600 | 1,400 - 1,800 | >= 1,500/s | 1.067 (met) |",
                "| downstream drain, points (points_grant) | events/s | 3,100 | 2,900 - 3,300 | >= 3,000/s |",
                "| whole pipeline at capacity | orders paid/s over orders acked/s | 0.900 | 0.850 - 0.950 | >= 0.9 | 1.000 (met) | - |",
                "`[processor:processor.batch.enabled=false]`", "linger.ms",
                "Warm-up (not reported): 10000 orders in 2 cycles (the JIT's compilation time, % of each cycle's wall time: 12.5, 3.2; one more cycle while above 5 %, at most 4), effects exact.",
                "Pipeline warm-up (not reported): 2 rounds of a closed loop and 75 % of its capacity for a ladder step (the JIT's compilation time, % of each round's wall time: 7.5, 4.1; one more round while above 5 %, at most 4), effects exact.",
                "| stage cycle 2 | 1000 | 1100 | 3000.0 |", "pipeline, concurrency 32, repeat 3",
                "Product JVM options (the launcher's command line): `-Xlog:gc:file=var/bench/product-gc.log:time,level,tags -Xms4g`.");
        // and where the launcher's CPU went in each reported pipeline phase, by thread
        // group, and the collector's pauses where its log was read
        assertThat(md).contains("| phase | unit | threads: ms per unit (% of a core) | GC pauses |",
                "| stage cycle 1, ingress alone | delivery | ForkJoinPool-N- 0.30 (95.0 %) | - |",
                "| pipeline, 250/s (25%), repeat 1 | ack | data-plane-kafk 2.06 (20.6 %), processor-notif 1.70 (17.0 %)"
                        + " | 3 pauses, 131 ms, longest 96.6 ms |");
        assertThat(md).doesNotContain("ForkJoinPool-N- 9.00");
        // and every repeat of the whole pipeline counts orders acked and paid in orders,
        // with the product's CPU per paid order until drained
        assertThat(md).contains("| acked/s | orders acked/s | orders paid/s |",
                "| pipeline, concurrency 32, repeat 1 | rate 32 | 100 | 100 | 100.0 | 1000.0 | 950.0 |");
        assertThat(md.lines().filter(l -> l.startsWith("| pipeline, concurrency 32, repeat 2 |")).findFirst())
            .hasValueSatisfying(l -> assertThat(l).endsWith("| 2.50 | yes |"));
        assertThat(Json.MAPPER.readTree(dir.resolve(ReportWriter.JSON).toFile()).get("allExact").asBoolean()).isTrue();
        // and the pauses are kept in the JSON the page is rendered again from
        assertThat(ReportWriter.read(dir).orElseThrow().stages().orElseThrow().productThreads())
            .extracting(StagesSummary.PhaseThreads::gc)
            .containsExactly(Optional.empty(), Optional.empty(), Optional.of(new GcPauses(3, 130.5, 96.6)));
        assertThat(ReportWriter.read(dir).orElseThrow().stages()).contains(report.stages().orElseThrow());
    }

    @Test
    void givenATargetMissed_thenTheRatioSaysSo() {
        StagesSummary s = stages(true, true);
        List<StageCycle> slow = List.of(StageFiguresTest.cycle("stage cycle 1", 400, 240, 130, 130, true));
        StagesSummary slowRun = new StagesSummary(List.of(), Map.of(), 2_000, true, slow, s.pipeline(),
                StageFigures.of(slow, 6_000, s.pipeline(), List.of()), List.of(), List.of(), List.of(), null);

        String md = StagesSection.markdown(slowRun);

        assertThat(md).contains("| processor drain | payments/s | 240 | 240 - 240 | >= 1,500/s | 0.160 (**missed**) |",
                "none (the product's defaults)", "spread over 3 runs",
                "Product JVM options (the launcher's command line): not read (a product started elsewhere, or a run before 2026-12-07)",
                "Warm-up (not reported): 2000 orders, effects exact.");
        assertThat(md).doesNotContain("threads: ms per unit").doesNotContain("Pipeline warm-up");
    }

    @Test
    void givenACycleOrAWarmUpNotExact_thenTheRunFails() {
        BenchReport cycleWrong = withStages(ReportWriterTest.report(true), stages(false, true));
        BenchReport warmupWrong = withStages(ReportWriterTest.report(true), stages(true, false));
        BenchReport pipelineWarmupWrong = withStages(ReportWriterTest.report(true), stages(true, true, false));

        assertThat(cycleWrong.allExact()).isFalse();
        assertThat(ReportWriter.markdown(cycleWrong, "")).contains("NO: this run is a failed run",
                "- stage cycle 2: **NOT EXACT**");
        assertThat(warmupWrong.allExact()).isFalse();
        assertThat(ReportWriter.markdown(warmupWrong, "")).contains("effects **NOT EXACT**");
        assertThat(pipelineWarmupWrong.allExact()).isFalse();
        assertThat(ReportWriter.markdown(pipelineWarmupWrong, "")).contains("NO: this run is a failed run",
                "for a ladder step (the JIT's compilation time, % of each round's wall time: 7.5, 4.1; one more round"
                        + " while above 5 %, at most 4), effects **NOT EXACT**.");
    }

    @Test
    void givenAReportWrittenBeforeTheStagesExisted_thenItReadsWithoutThem() throws Exception {
        // Given the JSON of a run without stages nor the phases' order figures (as
        // docs/benchmarks.json was)
        ReportWriter.write(withStages(ReportWriterTest.report(true), stages(true, true)), dir);
        ObjectNode json = (ObjectNode) Json.MAPPER.readTree(dir.resolve(ReportWriter.JSON).toFile());
        json.remove("stages");
        ((ObjectNode) json.get("capacity")).remove(List.of("ackedOrdersPerSecond", "productCpuMsPerPaidOrder"));
        for (JsonNode p : json.get("ladder")) {
            ((ObjectNode) p).remove(List.of("ackedOrdersPerSecond", "productCpuMsPerPaidOrder"));
        }
        Files.writeString(dir.resolve(ReportWriter.JSON), json.toString());

        // When it is read, then it has no Stages section and the rest as it was
        BenchReport read = ReportWriter.read(dir).orElseThrow();
        assertThat(read.stages()).isEmpty();
        assertThat(read.capacity().orElseThrow().ackedOrdersPerSecond()).isZero();
        assertThat(ReportWriter.markdown(read, "")).doesNotContain("### Stages").contains("### The pipeline");
    }

    @Test
    void theCommittedPageOfTheLastRunStillReads() {
        // the tests run in infra/bench; --only=bill and --render read
        // docs/benchmarks.json
        Path committed = Path.of("../../docs", ReportWriter.JSON);

        BenchReport page = ReportWriter.readFile(committed);
        assertThat(page.capacity()).isPresent();
        // the launcher's busiest threads of every stage and pipeline phase, rendered
        assertThat(page.stages()).hasValueSatisfying(s -> assertThat(s.productThreads()).isNotEmpty());
        assertThat(ReportWriter.markdown(page, "")).contains("### Stages, each on its own")
            .contains("threads: ms per unit");
    }

}
