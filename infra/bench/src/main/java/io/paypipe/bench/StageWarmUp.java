package io.paypipe.bench;

import io.paypipe.bench.product.JitCompilation;
import io.paypipe.bench.report.StagesSummary;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The unreported stage cycles before the measured ones (issue 15: "warm up long enough
 * that the JIT has settled"): the first of {@code --warmup-orders}, then one more of
 * {@code --stage-orders} as long as the product's JIT compiled for more than
 * {@value #SETTLED_PERCENT} % of the last one's wall time, {@value #MAX_CYCLES} cycles at
 * most. A fixed warm-up was not always enough: in the run of record of 2026-12-05 the
 * compiler threads still took 15.9 % of a core in the first measured cycle after 100,000
 * orders, and that cycle's ingress acknowledged 2,572 deliveries/s against 4,162 and
 * 4,221 in the next two. Without a reading of the JIT (its metric not exposed) one cycle,
 * as before.
 */
final class StageWarmUp {

    /** Compilation time, in % of a cycle's wall time, below which the JIT has settled. */
    static final double SETTLED_PERCENT = StagesSummary.WARMUP_SETTLED_PERCENT;

    static final int MAX_CYCLES = StagesSummary.WARMUP_MAX_CYCLES;

    /** One stage cycle: whether its effects were exact. */
    interface Cycle {

        boolean run(String label, int orders);

    }

    /**
     * What the warm-up ran: its orders in all, whether every cycle was exact, and each
     * cycle's compilation time in % of its wall time (empty without a reading).
     */
    record Result(int orders, boolean exact, List<Double> jitPercent) {
    }

    private StageWarmUp() {
    }

    static Result run(int firstOrders, int moreOrders, Cycle cycle, Supplier<OptionalDouble> jitMillis,
            LongSupplier nanos, PrintStream out) {
        int orders = 0;
        boolean exact = true;
        List<Double> jitPercent = new ArrayList<>();
        for (int n = 1; n <= MAX_CYCLES; n++) {
            int cycleOrders = n == 1 ? firstOrders : moreOrders;
            OptionalDouble before = jitMillis.get();
            long t0 = nanos.getAsLong();
            exact &= cycle.run("stage warm-up " + n + " (not reported)", cycleOrders);
            long wallMillis = (nanos.getAsLong() - t0) / 1_000_000;
            orders += cycleOrders;
            OptionalDouble percent = JitCompilation.percentOf(before, jitMillis.get(), wallMillis);
            if (percent.isEmpty()) {
                out.printf("bench: stage warm-up %d: the JIT's compilation time not read; no more warm-up%n", n);
                break;
            }
            jitPercent.add(percent.getAsDouble());
            boolean settled = percent.getAsDouble() <= SETTLED_PERCENT;
            out.printf("bench: stage warm-up %d: the JIT compiled for %.1f %% of its %d ms%s%n", n,
                    percent.getAsDouble(), wallMillis,
                    settled ? ": settled" : n < MAX_CYCLES ? ": one more warm-up cycle"
                            : ": not settled after " + MAX_CYCLES + " cycles; measuring anyway");
            if (settled) {
                break;
            }
        }
        return new Result(orders, exact, List.copyOf(jitPercent));
    }

}
