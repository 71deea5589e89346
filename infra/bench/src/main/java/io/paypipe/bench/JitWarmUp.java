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
 * Unreported warm-up cycles before measured ones (issue 15: "warm up long enough that the
 * JIT has settled"): a first cycle, then one more as long as the product's JIT compiled
 * for more than {@value #SETTLED_PERCENT} % of the last one's wall time,
 * {@value #MAX_CYCLES} cycles at most. Without a reading of the JIT (its metric not
 * exposed) one cycle.
 * <p>
 * The stage cycles warm up so (the first of {@code --warmup-orders}, the others of
 * {@code --stage-orders}): in the run of record of 2026-12-05 the compiler threads still
 * took 15.9 % of a core in the first measured cycle after a fixed 100,000 orders, and
 * that cycle's ingress acknowledged 2,572 deliveries/s against 4,162 and 4,221 in the
 * next two. So does the whole pipeline, whose ingress, processor and downstream run at
 * once and which the driver paces at fixed rates: paths the stage cycles do not take. In
 * that run's first pipeline repeat the compiler threads still took 9.4 % of a core at 75
 * % of capacity (not among the eight busiest thread groups in the other two), and that
 * repeat's send->{@code OrderPaid} p99 was 4,526 ms against 324 and 264.
 */
final class JitWarmUp {

    /** Compilation time, in % of a cycle's wall time, below which the JIT has settled. */
    static final double SETTLED_PERCENT = StagesSummary.WARMUP_SETTLED_PERCENT;

    static final int MAX_CYCLES = StagesSummary.WARMUP_MAX_CYCLES;

    /** One warm-up cycle: whether its effects were exact. */
    interface Cycle {

        boolean run(String label, int orders);

    }

    /**
     * What the warm-up ran: its cycles and their orders in all, whether every cycle was
     * exact, and each cycle's compilation time in % of its wall time (empty without a
     * reading).
     */
    record Result(int cycles, int orders, boolean exact, List<Double> jitPercent) {
    }

    private JitWarmUp() {
    }

    /**
     * Runs the warm-up cycles named {@code name} ("stage warm-up": its cycles are
     * labelled "stage warm-up 1 (not reported)", ...), the first of {@code firstOrders},
     * the others of {@code moreOrders}.
     */
    static Result run(String name, int firstOrders, int moreOrders, Cycle cycle, Supplier<OptionalDouble> jitMillis,
            LongSupplier nanos, PrintStream out) {
        int cycles = 0;
        int orders = 0;
        boolean exact = true;
        List<Double> jitPercent = new ArrayList<>();
        for (int n = 1; n <= MAX_CYCLES; n++) {
            int cycleOrders = n == 1 ? firstOrders : moreOrders;
            OptionalDouble before = jitMillis.get();
            long t0 = nanos.getAsLong();
            exact &= cycle.run(name + " " + n + " (not reported)", cycleOrders);
            long wallMillis = (nanos.getAsLong() - t0) / 1_000_000;
            cycles++;
            orders += cycleOrders;
            OptionalDouble percent = JitCompilation.percentOf(before, jitMillis.get(), wallMillis);
            if (percent.isEmpty()) {
                out.printf("bench: %s %d: the JIT's compilation time not read; no more warm-up%n", name, n);
                break;
            }
            jitPercent.add(percent.getAsDouble());
            boolean settled = percent.getAsDouble() <= SETTLED_PERCENT;
            out.printf("bench: %s %d: the JIT compiled for %.1f %% of its %d ms%s%n", name, n, percent.getAsDouble(),
                    wallMillis, settled ? ": settled" : n < MAX_CYCLES ? ": one more warm-up cycle"
                            : ": not settled after " + MAX_CYCLES + " cycles; measuring anyway");
            if (settled) {
                break;
            }
        }
        return new Result(cycles, orders, exact, List.copyOf(jitPercent));
    }

}
