package io.paypipe.bench.report;

import io.paypipe.bench.floor.FloorStats;

/** One floor as the report shows it. */
public record FloorSummary(String name, int concurrency, long operations, long failures, double perSecond,
        Latency latency) {

    public static FloorSummary of(FloorStats s) {
        return new FloorSummary(s.name(), s.concurrency(), s.operations(), s.failures(),
                Math.round(s.perSecond() * 10) / 10.0, Latency.ofMicros(s.latencyMicros()));
    }
}
