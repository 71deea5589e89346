package io.paypipe.bench;

import io.paypipe.bench.backlog.BacklogCost;
import io.paypipe.bench.report.FloorSummary;
import io.paypipe.bench.report.PhaseSummary;
import io.paypipe.bench.report.Spread;
import io.paypipe.bench.report.StageFigures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The headline ratios: each divides two figures measured side by side in the same run.
 * Where the whole pipeline ran more than once, the figures are those of the repeat with
 * the median capacity, and {@code paidOverAckedOrders} is the median over the repeats.
 */
final class Ratios {

    private Ratios() {
    }

    static Map<String, Double> of(List<FloorSummary> floors, List<PhaseSummary> capacities,
            List<PhaseSummary> comparison, List<BacklogCost.Row> backlog) {
        Map<String, Double> r = new LinkedHashMap<>();
        PhaseSummary capacity = medianCapacity(capacities);
        double ingress = capacity.acceptedPerSecond();
        double lower = floors.stream().mapToDouble(FloorSummary::perSecond).min().orElse(0);
        r.put("ingressAcceptedPerSecond", ingress);
        r.put("lowerFloorPerSecond", lower);
        r.put("ingressOverLowerFloor", ratio(ingress, lower));
        floors.forEach(f -> r.put("ingressOver[" + f.name() + "]", ratio(ingress, f.perSecond())));
        // the whole pipeline: orders paid per second at capacity, until the processor
        // drained what ingress accepted
        r.put("ordersPaidPerSecondAtCapacity", capacity.paidPerSecond());
        r.put("paidOverLowerFloor", ratio(capacity.paidPerSecond(), lower));
        // orders over orders (duplicates excluded), 1 when the processor kept up
        r.put("ordersAckedPerSecondAtCapacity", capacity.ackedOrdersPerSecond());
        r.put("paidOverAckedOrders",
                Spread.of(capacities.stream().map(StageFigures::paidOverAckedOrders).toList()).median());
        // the reference warehouse consumer downstream of order.paid, over the same span
        double loadMillis = capacity.acceptedPerSecond() == 0 ? 0
                : capacity.accepted() * 1000.0 / capacity.acceptedPerSecond();
        long shippedDrain = capacity.effects().getOrDefault("shippedDrainMillis", 0L);
        r.put("ordersShippedPerSecondAtCapacity",
                loadMillis + shippedDrain == 0 ? 0 : Math
                    .round(capacity.effects().getOrDefault("ackedOrders", 0L) * 10_000.0 / (loadMillis + shippedDrain))
                        / 10.0);
        // near the machine's core count: the capacity run was bound by CPU, not by the
        // database or the broker
        r.put("coresBusyAtCapacity", capacity.coresBusy());
        PhaseSummary pipeline = null;
        for (PhaseSummary p : comparison) {
            if (p.system().equals("pipeline")) {
                pipeline = p;
                r.put("pipelineShareWithin5s[" + p.load() + "/s]", p.shareWithinBudget());
            }
            else if (pipeline != null) {
                String at = p.load() + "/s, " + p.downstreamDelayMs() + "ms";
                r.put("baselineAckP99OverPipelineAckP99[" + at + "]", ratio(p.ack().p99(), pipeline.ack().p99()));
                r.put("baselineShareWithin5s[" + at + "]", p.shareWithinBudget());
            }
        }
        for (BacklogCost.Row scan : backlog) {
            if (!scan.design().equals("table-scan")) {
                continue;
            }
            backlog.stream()
                .filter(t -> t.design().equals("retry-topic") && t.backlog() == scan.backlog())
                .findFirst()
                .ifPresent(topic -> {
                    r.put("tableScanOverRetryTopicRowsExaminedPerRetry[" + scan.backlog() + "]",
                            ratio(scan.rowsExaminedPerRetry(), topic.rowsExaminedPerRetry()));
                    r.put("tableScanOverRetryTopicMicrosPerRetry[" + scan.backlog() + "]",
                            ratio(scan.microsPerRetry(), topic.microsPerRetry()));
                });
        }
        return r;
    }

    /** The repeat with the median capacity (the lower middle one of an even count). */
    static PhaseSummary medianCapacity(List<PhaseSummary> capacities) {
        List<PhaseSummary> sorted = capacities.stream()
            .sorted(java.util.Comparator.comparingDouble(PhaseSummary::acceptedPerSecond))
            .toList();
        return sorted.get((sorted.size() - 1) / 2);
    }

    static double ratio(double a, double b) {
        return b == 0 ? 0 : Math.round(a / b * 1000) / 1000.0;
    }

}
