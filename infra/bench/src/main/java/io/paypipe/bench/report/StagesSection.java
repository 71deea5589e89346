package io.paypipe.bench.report;

import io.paypipe.bench.product.GcPauses;
import io.paypipe.bench.product.ThreadCpu;
import java.util.List;
import java.util.Locale;

/** The "Stages" section of docs/benchmarks.md. */
final class StagesSection {

    private StagesSection() {
    }

    static String markdown(StagesSummary s) {
        StringBuilder md = new StringBuilder("### Stages, each on its own\n\n");
        md.append(BenchmarksPageProse.STAGES)
            .append("Product settings given (`--product-arg`): ")
            .append(s.productArgs().isEmpty() ? "none (the product's defaults)" : "`" + s.productArgs() + "`")
            .append(". Product JVM options (the launcher's command line): ")
            .append(s.productJvmOptions().isEmpty()
                    ? "not read (a product started elsewhere, or a run before 2026-12-07)"
                    : "`" + String.join(" ", s.productJvmOptions()) + "`")
            .append(". Kafka floor's producer settings (ingress's): `")
            .append(s.kafkaFloorSettings())
            .append("`. Warm-up (not reported): ")
            .append(s.warmupOrders())
            .append(" orders")
            .append(warmupCycles(s.warmupJitPercent(), "cycle"))
            .append(", effects ")
            .append(s.warmupExact() ? "exact" : "**NOT EXACT**")
            .append('.')
            .append(s.pipelineWarmUp()
                .map(w -> " Pipeline warm-up (not reported): " + counted(w.rounds(), "round") + " of a closed loop and "
                        + StagesSummary.WARMUP_PIPELINE_PERCENT + " % of its capacity for a ladder step"
                        + jitShares(w.jitPercent(), "round") + ", effects " + (w.exact() ? "exact" : "**NOT EXACT**")
                        + ".")
                .orElse(""))
            .append("\n\n");
        int repeats = Math.max(s.cycles().size(), s.pipeline().size());
        md.append("| stage | unit | median | spread over ")
            .append(repeats)
            .append(repeats == 1 ? " run" : " runs")
            .append(" (min - max) | target | ratio | product CPU ms per unit (median, min - max) |\n")
            .append("|---|---|---:|---:|---|---:|---:|\n");
        for (StageFigure f : s.figures()) {
            md.append("| ")
                .append(f.stage())
                .append(" | ")
                .append(f.unit())
                .append(" | ")
                .append(number(f.measured().median()))
                .append(" | ")
                .append(range(f.measured()))
                .append(" | ")
                .append(f.target().map(StageFigure.Target::text).orElse("-"))
                .append(" | ")
                .append(f.target().isEmpty() ? "-" : number(f.ratio()) + (f.met() ? " (met)" : " (**missed**)"))
                .append(" | ")
                .append(f.cpuMsPerUnit().map(c -> number(c.median()) + " (" + range(c) + ")").orElse("-"))
                .append(" |\n");
        }
        threads(md, s);
        if (s.cycles().isEmpty()) {
            return md.append('\n').toString();
        }
        md.append("\nEach cycle:\n\n")
            .append("| cycle | orders | deliveries | ingress: deliveries/s | orders/s | ack p50 / p99 ms | errors | CPU ms")
            .append(" per delivery | processor: ms | payments/s | CPU ms per payment | downstream: shipments/s |")
            .append(" grants/s | CPU ms per event | sandbox CPU ms | exact |\n")
            .append("|---|---:|---:|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (StageCycle c : s.cycles()) {
            StageCycle.Ingress i = c.ingress();
            md.append(String.format(Locale.ROOT,
                    "| %s | %d | %d | %.1f | %.1f | %.1f / %.1f | %s | %.3f | %d | %.1f | %.3f | %.1f | %.1f | %.3f | %d | %s |%n",
                    c.label(), c.orders(), c.deliveries(), i.deliveriesPerSecond(), i.ordersPerSecond(), i.ack().p50(),
                    i.ack().p99(), i.errors().isEmpty() ? "none" : i.errors(), i.productCpuMsPerDelivery(),
                    c.processor().millis(), c.processor().paymentsPerSecond(), c.processor().productCpuMsPerPayment(),
                    c.downstream().shipmentsPerSecond(), c.downstream().grantsPerSecond(),
                    c.downstream().productCpuMsPerEvent(), c.sandboxCpuMillis(), c.exact() ? "yes" : "**NO**"));
        }
        md.append("\nEffects per cycle:\n\n");
        s.cycles()
            .forEach(c -> md.append("- ")
                .append(c.label())
                .append(": ")
                .append(c.exact() ? "exact " : "**NOT EXACT** ")
                .append(c.effects())
                .append('\n'));
        return md.append('\n').toString();
    }

    /**
     * A warm-up's cycles (or rounds) and the JIT's compilation time in each; nothing for
     * a page written before the warm-up watched the JIT (one cycle then).
     */
    private static String warmupCycles(List<Double> jitPercent, String cycle) {
        if (jitPercent.isEmpty()) {
            return "";
        }
        return " in " + counted(jitPercent.size(), cycle) + jitShares(jitPercent, cycle);
    }

    /** "1 round", "2 rounds". */
    private static String counted(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** The JIT's compilation time in each warm-up cycle (or round), if it was read. */
    private static String jitShares(List<Double> jitPercent, String cycle) {
        if (jitPercent.isEmpty()) {
            return "";
        }
        return " (the JIT's compilation time, % of each " + cycle + "'s wall time: "
                + String.join(", ", jitPercent.stream().map(p -> String.format(Locale.ROOT, "%.1f", p)).toList())
                + "; one more " + cycle + " while above "
                + String.format(Locale.ROOT, "%.0f", StagesSummary.WARMUP_SETTLED_PERCENT) + " %, at most "
                + StagesSummary.WARMUP_MAX_CYCLES + ")";
    }

    /**
     * Where the launcher's CPU went in each reported stage and pipeline phase: its
     * busiest thread groups (thread names with the numbers folded to N), ms per unit of
     * the phase's work and % of a core.
     */
    private static void threads(StringBuilder md, StagesSummary s) {
        List<StagesSummary.PhaseThreads> shown = s.productThreads()
            .stream()
            .filter(p -> !p.phase().contains("not reported") && !p.top().isEmpty())
            .toList();
        if (shown.isEmpty()) {
            return;
        }
        md.append("\nWhere the launcher's CPU went in each stage and pipeline phase (`/proc/<pid>/task`: its ")
            .append(ThreadCpu.TOP)
            .append(" busiest thread groups, a group being the thread names with their numbers folded to N, as Linux")
            .append(" keeps 15 characters of them; ms of CPU per unit of the phase's work, % of one core over the")
            .append(" phase), and its collector's stop-the-world pauses that ended within the phase (its own GC")
            .append(" log, `-Xlog:gc`; - where it was not read):\n\n")
            .append("| phase | unit | threads: ms per unit (% of a core) | GC pauses |\n|---|---|---|---|\n");
        for (StagesSummary.PhaseThreads p : shown) {
            md.append("| ")
                .append(p.phase())
                .append(" | ")
                .append(p.unit())
                .append(" | ")
                .append(ThreadCpu.describe(p.top()))
                .append(" | ")
                .append(p.gc().map(GcPauses::describe).orElse("-"))
                .append(" |\n");
        }
    }

    static String number(double v) {
        if (Math.abs(v) >= 100) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 10 ? "%.1f" : "%.3f", v);
    }

    private static String range(Spread s) {
        return number(s.min()) + " - " + number(s.max());
    }

}
