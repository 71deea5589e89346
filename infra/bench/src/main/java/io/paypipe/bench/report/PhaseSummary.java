package io.paypipe.bench.report;

import io.paypipe.bench.load.AckStats;
import java.util.Map;

/**
 * One load phase against one system.
 *
 * @param system          {@code pipeline} or {@code sync-baseline}
 * @param mode            {@code concurrency} (closed loop) or {@code rate} (open loop, requests per second)
 * @param load            the concurrency or the offered rate
 * @param downstreamDelayMs the downstream call's delay (the baseline waits for it; the pipeline does not)
 * @param exact           the effects check passed (see {@code effects})
 */
public record PhaseSummary(String label, String system, String mode, int load, long downstreamDelayMs, long sent,
                           long accepted, double acceptedPerSecond, Latency ack, double shareWithinBudget,
                           Map<String, Long> errors, Latency endToEnd, boolean exact, Map<String, Long> effects) {

    public static PhaseSummary of(String label, String system, String mode, int load, long delayMs, AckStats ack,
                                  Latency endToEnd, boolean exact, Map<String, Long> effects) {
        return new PhaseSummary(label, system, mode, load, delayMs, ack.sent(), ack.accepted(),
                Math.round(ack.acceptedPerSecond() * 10) / 10.0, Latency.ofMicros(ack.latencyMicros()),
                Math.round(ack.shareWithinBudget() * 10_000) / 10_000.0, ack.errors(), endToEnd, exact, effects);
    }
}
