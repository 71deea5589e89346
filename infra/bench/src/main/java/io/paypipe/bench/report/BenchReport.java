package io.paypipe.bench.report;

import io.paypipe.bench.backlog.BacklogCost;
import io.paypipe.bench.product.ProcessUsage;
import java.util.List;
import java.util.Map;

/**
 * Everything one run measured; written as JSON next to docs/benchmarks.md and rendered
 * into it.
 *
 * @param capacity the pipeline at fixed concurrency (closed loop): its accepted/s is the
 * headline throughput
 * @param ladder the pipeline at fixed arrival rates: latency against offered load
 * @param comparison the pipeline and the synchronous baseline at one offered rate,
 * downstream 0/200/800 ms
 * @param ratios headline ratios (ingress throughput / lower floor, ...)
 */
public record BenchReport(String startedAt, long tookSeconds, Map<String, String> machine, Map<String, String> options,
        List<FloorSummary> floors, PhaseSummary capacity, List<PhaseSummary> ladder, List<PhaseSummary> comparison,
        List<BacklogCost.Row> backlog, List<ProcessUsage.Rss> memory, Map<String, Double> ratios, boolean allExact) {
}
