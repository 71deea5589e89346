package io.paypipe.bench;

import io.paypipe.bench.floor.IngressProducerSettings;
import io.paypipe.bench.product.JitCompilation;
import io.paypipe.bench.product.ProductJvm;
import io.paypipe.bench.report.PhaseSummary;
import io.paypipe.bench.report.StageCycle;
import io.paypipe.bench.report.StageFigures;
import io.paypipe.bench.report.StagesSummary;
import io.paypipe.bench.report.StagesSummary.PipelineRepeat;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The stages on their own and the whole pipeline, each {@code --repeats} times: first
 * unreported stage cycles until the JIT has settled on the paths the measured cycles take
 * ({@link JitWarmUp}), then the measured stage cycles, then unreported pipeline rounds (a
 * closed loop and {@value StagesSummary#WARMUP_PIPELINE_PERCENT} % of its capacity for a
 * ladder step) until the JIT has settled on the pipeline's paths too, and, per repeat,
 * its capacity (closed loop) and its latency ladder at the percentages of that repeat's
 * capacity.
 */
final class Stages {

    /**
     * What ran; {@code capacities} in the order measured, the first repeat's capacity and
     * ladder are what the chart draws.
     */
    record Result(StagesSummary summary, List<PhaseSummary> capacities, List<PhaseSummary> firstLadder) {
    }

    static final int END_TO_END_STEP_PERCENT = 75;

    private Stages() {
    }

    static Result run(BenchOptions options, StagePhase stages, PipelinePhase pipeline, ThreadReadings threads,
            double jdbcFloorPerSecond, PrintStream out) {
        out.printf("bench: stage cycles: warm-up of %d orders (and more until the JIT settled), then %d x %d orders%n",
                options.warmupOrders(), options.repeats(), options.stageOrders());
        JitCompilation jit = new JitCompilation(options.ingress());
        JitWarmUp.Result warmUp = JitWarmUp.run("stage warm-up", options.warmupOrders(), options.stageOrders(),
                (label, orders) -> stages.cycle(label, orders).exact(), jit::millis, System::nanoTime, out);
        List<StageCycle> cycles = new ArrayList<>();
        for (int r = 1; r <= options.repeats(); r++) {
            cycles.add(stages.cycle("stage cycle " + r, options.stageOrders()));
        }

        JitWarmUp.Result pipelineWarmUp = JitWarmUp.run("pipeline warm-up", options.orders(), options.orders(),
                (label, orders) -> pipelineRound(label, options, pipeline), jit::millis, System::nanoTime, out);
        List<PipelineRepeat> repeats = new ArrayList<>();
        List<PhaseSummary> at75 = new ArrayList<>();
        for (int r = 1; r <= options.repeats(); r++) {
            String repeat = options.repeats() == 1 ? "" : ", repeat " + r;
            PhaseSummary capacity = pipeline.atConcurrency("pipeline, concurrency " + options.concurrency() + repeat);
            List<PhaseSummary> ladder = new ArrayList<>();
            for (int percent : options.ladderPercent()) {
                PhaseSummary step = atPercent(pipeline, "pipeline", repeat, capacity, percent, options);
                ladder.add(step);
                if (percent == END_TO_END_STEP_PERCENT) {
                    at75.add(step);
                }
            }
            repeats.add(new PipelineRepeat(r, capacity, ladder));
        }
        StagesSummary summary = new StagesSummary(options.productArgs(), IngressProducerSettings.settings(),
                warmUp.orders(), warmUp.exact(), cycles, repeats,
                StageFigures.of(cycles, jdbcFloorPerSecond, repeats, at75), threads.all(), ProductJvm.options(),
                warmUp.jitPercent(), Optional.of(new StagesSummary.PipelineWarmUp(pipelineWarmUp.cycles(),
                        pipelineWarmUp.jitPercent(), pipelineWarmUp.exact())));
        return new Result(summary, repeats.stream().map(PipelineRepeat::capacity).toList(), repeats.get(0).ladder());
    }

    /**
     * One unreported round of the pipeline: a closed loop as the capacity phases run it,
     * then {@value StagesSummary#WARMUP_PIPELINE_PERCENT} % of what it acknowledged for a
     * ladder step.
     */
    private static boolean pipelineRound(String label, BenchOptions options, PipelinePhase pipeline) {
        PhaseSummary capacity = pipeline.atConcurrency(label + ", concurrency " + options.concurrency());
        PhaseSummary step = atPercent(pipeline, label, "", capacity, StagesSummary.WARMUP_PIPELINE_PERCENT, options);
        return capacity.exact() && step.exact();
    }

    /**
     * A ladder step of {@code --step} at {@code percent} % of {@code capacity}, labelled
     * "{@code prefix}, 703/s (75%){@code suffix}".
     */
    private static PhaseSummary atPercent(PipelinePhase pipeline, String prefix, String suffix, PhaseSummary capacity,
            int percent, BenchOptions options) {
        int rate = rate(capacity.acceptedPerSecond(), percent);
        return pipeline.atRate(prefix + ", " + rate + "/s (" + percent + "%)" + suffix, rate, options.step());
    }

    /** {@code percent} % of {@code capacity}, at least 10/s. */
    static int rate(double capacity, int percent) {
        return (int) Math.max(10, Math.round(capacity * percent / 100));
    }

}
