package io.paypipe.bench.report;

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
            .append(". Kafka floor's producer settings (ingress's): `")
            .append(s.kafkaFloorSettings())
            .append("`. Warm-up cycle (not reported): ")
            .append(s.warmupOrders())
            .append(" orders, effects ")
            .append(s.warmupExact() ? "exact" : "**NOT EXACT**")
            .append(".\n\n");
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
