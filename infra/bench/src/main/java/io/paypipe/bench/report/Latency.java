package io.paypipe.bench.report;

import org.HdrHistogram.Histogram;

/**
 * A latency distribution in milliseconds, as the report shows it. {@code count} 0 means
 * nothing was measured.
 */
public record Latency(long count, double p50, double p99, double p999, double max) {

    public static Latency ofMicros(Histogram h) {
        if (h.getTotalCount() == 0) {
            return new Latency(0, 0, 0, 0, 0);
        }
        return new Latency(h.getTotalCount(), ms(h.getValueAtPercentile(50)), ms(h.getValueAtPercentile(99)),
                ms(h.getValueAtPercentile(99.9)), ms(h.getMaxValue()));
    }

    private static double ms(long micros) {
        return Math.round(micros / 100.0) / 10.0;
    }
}
