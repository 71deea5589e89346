package io.paypipe.bench.report;

import io.paypipe.bench.backlog.BacklogCost;
import io.paypipe.bench.product.ProcessUsage;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Everything one run measured; written as JSON next to docs/benchmarks.md and rendered
 * into it.
 *
 * @param capacity the pipeline at fixed concurrency (closed loop): its accepted/s is the
 * headline throughput; empty when the pipeline phases did not run ({@code --only=bill}
 * with no earlier report to add to)
 * @param ladder the pipeline at fixed arrival rates: latency against offered load
 * @param comparison the pipeline and the synchronous baseline at one offered rate,
 * downstream 0/200/800 ms
 * @param ratios headline ratios (ingress throughput / lower floor, ...)
 * @param allExact every pipeline phase's effects exact and the bill's batch clean
 * @param bill the bill reconciliation, measured with the rest or on its own (its own
 * start time and command); empty when it did not run (and in reports written before it
 * existed)
 * @param stages the stages measured on their own and the whole pipeline's repeats (its
 * first repeat is also {@code capacity} and {@code ladder}, which the chart draws); empty
 * in reports written before they existed
 */
public record BenchReport(String startedAt, long tookSeconds, Map<String, String> machine, Map<String, String> options,
        List<FloorSummary> floors, Optional<PhaseSummary> capacity, List<PhaseSummary> ladder,
        List<PhaseSummary> comparison, List<BacklogCost.Row> backlog, List<ProcessUsage.Rss> memory,
        Map<String, Double> ratios, boolean allExact, Optional<BillSummary> bill, Optional<StagesSummary> stages) {

    public static boolean allExact(Optional<PhaseSummary> capacity, List<PhaseSummary> ladder,
            List<PhaseSummary> comparison, Optional<BillSummary> bill, Optional<StagesSummary> stages) {
        return Stream.of(capacity.stream(), ladder.stream(), comparison.stream())
            .flatMap(s -> s)
            .allMatch(PhaseSummary::exact) && bill.map(BillSummary::clean).orElse(true)
                && stages.map(StagesSummary::allExact).orElse(true);
    }

    /** This report with its bill section measured anew, the rest as it was. */
    public BenchReport withBill(BillSummary newBill) {
        Optional<BillSummary> b = Optional.of(newBill);
        return new BenchReport(startedAt, tookSeconds, machine, options, floors, capacity, ladder, comparison, backlog,
                memory, ratios, allExact(capacity, ladder, comparison, b, stages), b, stages);
    }

    /** A report of the bill phase alone. */
    public static BenchReport billOnly(String startedAt, long tookSeconds, Map<String, String> machine,
            Map<String, String> options, BillSummary bill) {
        return new BenchReport(startedAt, tookSeconds, machine, options, List.of(), Optional.empty(), List.of(),
                List.of(), List.of(), List.of(), Map.of(), bill.clean(), Optional.of(bill), Optional.empty());
    }

}
