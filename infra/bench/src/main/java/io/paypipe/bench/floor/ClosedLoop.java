package io.paypipe.bench.floor;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;

/** {@code concurrency} workers repeating one operation for a duration, timing each. */
final class ClosedLoop {

    /** One operation; {@code n} is unique across workers (for unique keys). */
    interface Operation {

        void run(long n) throws Exception;

    }

    private ClosedLoop() {
    }

    static FloorStats run(String name, int concurrency, Duration duration, Operation operation) {
        Recorder latency = new Recorder(60_000_000L, 3);
        LongAdder done = new LongAdder();
        LongAdder failed = new LongAdder();
        AtomicLong sequence = new AtomicLong();
        long start = System.nanoTime();
        long deadline = start + duration.toNanos();
        try (ExecutorService workers = Executors.newFixedThreadPool(concurrency)) {
            for (int w = 0; w < concurrency; w++) {
                workers.submit(() -> {
                    while (System.nanoTime() < deadline) {
                        long t0 = System.nanoTime();
                        try {
                            operation.run(sequence.getAndIncrement());
                            latency.recordValue(Math.max(1, (System.nanoTime() - t0) / 1_000));
                            done.increment();
                        }
                        catch (Exception e) {
                            failed.increment();
                        }
                    }
                });
            }
        }
        long elapsed = (System.nanoTime() - start) / 1_000_000;
        return new FloorStats(name, concurrency, done.sum(), failed.sum(), elapsed, latency.getIntervalHistogram());
    }

}
