package io.paypipe.bench.load;

import java.net.http.HttpTimeoutException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Thread-safe collection of one phase's acks; {@link #stats} reads it once the phase
 * ended.
 */
final class AckRecorder {

    static final long BUDGET_MICROS = 5_000_000L;

    private static final long MAX_TRACKABLE_MICROS = 600_000_000L;

    private final Recorder latency = new Recorder(MAX_TRACKABLE_MICROS, 3);

    private final LongAdder sent = new LongAdder();

    private final LongAdder accepted = new LongAdder();

    private final LongAdder withinBudget = new LongAdder();

    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();

    private final AtomicLong firstSendNanos = new AtomicLong(Long.MAX_VALUE);

    private final AtomicLong lastAnswerNanos = new AtomicLong();

    void sending(long dueNanos) {
        sent.increment();
        firstSendNanos.accumulateAndGet(dueNanos, Math::min);
    }

    void answered(long dueNanos, int status) {
        long now = System.nanoTime();
        lastAnswerNanos.accumulateAndGet(now, Math::max);
        long micros = Math.min(MAX_TRACKABLE_MICROS, Math.max(1, (now - dueNanos) / 1_000));
        latency.recordValue(micros);
        if (status == 200 || status == 204) {
            accepted.increment();
            if (micros <= BUDGET_MICROS) {
                withinBudget.increment();
            }
        }
        else {
            error("http_" + status);
        }
    }

    void failed(Throwable e) {
        lastAnswerNanos.accumulateAndGet(System.nanoTime(), Math::max);
        error(e instanceof HttpTimeoutException ? "timeout" : "io_" + e.getClass().getSimpleName());
    }

    private void error(String kind) {
        errors.computeIfAbsent(kind, k -> new LongAdder()).increment();
    }

    AckStats stats() {
        Histogram h = latency.getIntervalHistogram();
        Map<String, Long> errorCounts = new java.util.TreeMap<>();
        errors.forEach((k, v) -> errorCounts.put(k, v.sum()));
        long first = firstSendNanos.get();
        long elapsed = first == Long.MAX_VALUE ? 0 : Math.max(0, (lastAnswerNanos.get() - first) / 1_000_000);
        return new AckStats(sent.sum(), accepted.sum(), withinBudget.sum(), errorCounts, elapsed, h);
    }

    long sentSoFar() {
        return sent.sum();
    }

    long acceptedSoFar() {
        return accepted.sum();
    }

}
