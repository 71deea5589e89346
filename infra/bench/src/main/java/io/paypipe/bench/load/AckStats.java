package io.paypipe.bench.load;

import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * What one load phase measured: acks by outcome and the ack latency distribution
 * (HdrHistogram, microseconds, measured from the moment a request was due to be sent, so
 * a stalled server cannot hide its queue).
 *
 * @param sent requests started
 * @param accepted answered 200/204, the channel's success ack
 * @param errors everything else by kind: {@code http_500}, {@code timeout}, {@code io},
 * ...
 * @param elapsedMs wall time from the first send to the last answer
 * @param withinBudget answered with a success ack within the channel's 5-second budget
 */
public record AckStats(long sent, long accepted, long withinBudget, Map<String, Long> errors, long elapsedMs,
        Histogram latencyMicros) {

    public AckStats {
        errors = new TreeMap<>(errors);
    }

    public double acceptedPerSecond() {
        return elapsedMs == 0 ? 0 : accepted * 1000.0 / elapsedMs;
    }

    public double shareWithinBudget() {
        return sent == 0 ? 0 : (double) withinBudget / sent;
    }

    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Latency at {@code percentile} (0-100) in milliseconds. */
    public double millisAt(double percentile) {
        return latencyMicros.getTotalCount() == 0 ? 0 : latencyMicros.getValueAtPercentile(percentile) / 1000.0;
    }

    public double maxMillis() {
        return latencyMicros.getTotalCount() == 0 ? 0 : latencyMicros.getMaxValue() / 1000.0;
    }
}
