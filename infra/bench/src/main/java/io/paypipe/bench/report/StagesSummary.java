package io.paypipe.bench.report;

import io.paypipe.bench.product.GcPauses;
import io.paypipe.bench.product.ThreadCpu;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The stages measured on their own, and the whole pipeline repeated: what the "Stages"
 * section of docs/benchmarks.md shows.
 *
 * @param productArgs the settings the product ran with ({@code --product-arg}), so a run
 * of the per-record path can be compared with one of the batch path
 * @param kafkaFloorSettings the producer settings of the Kafka floor (ingress's)
 * @param warmupOrders orders of the unreported warm-up cycles, all of them;
 * {@code warmupExact} their effects' verdict (a warm-up with wrong effects fails the run
 * too)
 * @param cycles the measured stage cycles, one per repeat
 * @param pipeline the whole pipeline's capacity and ladder, one per repeat
 * @param figures the table: each figure's median and spread over the repeats against its
 * target
 * @param productThreads where the launcher's CPU went in each stage and pipeline phase,
 * by thread group (empty when the launcher's threads could not be read), and its
 * collector pauses
 * @param productJvmOptions the options on the launcher's java command line (its heap and
 * collector); empty when they could not be read (a product started elsewhere)
 * @param warmupJitPercent per warm-up cycle, the product's JIT compilation time in % of
 * the cycle's wall time (the warm-up ran until it settled); empty when not read
 * @param pipelineWarmUp the whole pipeline's unreported rounds before its repeats; empty
 * on a page written before they watched the JIT (one round at 50/s then, its effects not
 * checked)
 */
public record StagesSummary(List<String> productArgs, Map<String, String> kafkaFloorSettings, int warmupOrders,
        boolean warmupExact, List<StageCycle> cycles, List<PipelineRepeat> pipeline, List<StageFigure> figures,
        List<PhaseThreads> productThreads, List<String> productJvmOptions, List<Double> warmupJitPercent,
        Optional<PipelineWarmUp> pipelineWarmUp) {

    /**
     * The pipeline's warm-up: its rounds (each a closed loop and 75 % of its capacity for
     * a ladder step), the JIT's compilation time in % of each round's wall time (empty
     * when not read) and whether every round's effects were exact.
     */
    public record PipelineWarmUp(int rounds, List<Double> jitPercent, boolean exact) {

        public PipelineWarmUp {
            jitPercent = List.copyOf(jitPercent);
        }

    }

    /**
     * The launcher's busiest thread groups during one phase: ms of CPU per {@code unit}
     * of its work (an acknowledged delivery, a payment) and % of a core; and its
     * collector pauses in that phase, from its GC log (empty when the log was not read).
     */
    public record PhaseThreads(String phase, String unit, List<ThreadCpu.Share> top, Optional<GcPauses> gc) {

        public PhaseThreads {
            // a page written before the pauses were read has none
            gc = gc == null ? Optional.empty() : gc;
        }

        public PhaseThreads(String phase, String unit, List<ThreadCpu.Share> top) {
            this(phase, unit, top, Optional.empty());
        }

    }

    /**
     * The warm-up's rule, which the page states: one more cycle while the JIT compiled
     * for more than this % of the last one's wall time...
     */
    public static final double WARMUP_SETTLED_PERCENT = 5.0;

    /** ...and at most this many cycles. */
    public static final int WARMUP_MAX_CYCLES = 4;

    /**
     * The rate of the pipeline warm-up's open loop, in % of the closed loop's capacity
     * before it: the ladder's step whose tail is judged.
     */
    public static final int WARMUP_PIPELINE_PERCENT = 75;

    public StagesSummary {
        // a page written before the threads were read has none
        productThreads = productThreads == null ? List.of() : List.copyOf(productThreads);
        // nor a page written before the launcher's command line was read
        productJvmOptions = productJvmOptions == null ? List.of() : List.copyOf(productJvmOptions);
        // nor one written before the warm-up watched the JIT
        warmupJitPercent = warmupJitPercent == null ? List.of() : List.copyOf(warmupJitPercent);
        // nor one written before the pipeline's warm-up did
        pipelineWarmUp = pipelineWarmUp == null ? Optional.empty() : pipelineWarmUp;
    }

    /** One repeat of the whole pipeline: its closed-loop capacity and its ladder. */
    public record PipelineRepeat(int repeat, PhaseSummary capacity, List<PhaseSummary> ladder) {
    }

    /** The warm-ups and every measured cycle and pipeline phase were exact. */
    public boolean allExact() {
        // a page from before the pipeline's warm-up was checked has no verdict of it
        return warmupExact && pipelineWarmUp.map(PipelineWarmUp::exact).orElse(true)
                && cycles.stream().allMatch(StageCycle::exact) && pipeline.stream()
                    .allMatch(r -> r.capacity().exact() && r.ladder().stream().allMatch(PhaseSummary::exact));
    }

}
