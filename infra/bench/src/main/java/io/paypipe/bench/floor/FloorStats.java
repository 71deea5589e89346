package io.paypipe.bench.floor;

import org.HdrHistogram.Histogram;

/**
 * One floor: how many operations per second the store or the broker allows at the
 * benchmark's concurrency.
 */
public record FloorStats(String name, int concurrency, long operations, long failures, long elapsedMs,
        Histogram latencyMicros) {

    public double perSecond() {
        return elapsedMs == 0 ? 0 : operations * 1000.0 / elapsedMs;
    }

    public double millisAt(double percentile) {
        return latencyMicros.getTotalCount() == 0 ? 0 : latencyMicros.getValueAtPercentile(percentile) / 1000.0;
    }
}
