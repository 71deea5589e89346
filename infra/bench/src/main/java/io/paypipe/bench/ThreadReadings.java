package io.paypipe.bench;

import io.paypipe.bench.product.GcPauses;
import io.paypipe.bench.product.ThreadCpu;
import io.paypipe.bench.report.StagesSummary.PhaseThreads;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where the launcher's CPU went in each phase, in the order the phases ran: the stage
 * phases and the pipeline phases record here, the console gets one line per phase and the
 * Stages section the list.
 */
final class ThreadReadings {

    private final List<PhaseThreads> phases = new ArrayList<>();

    private final PrintStream out;

    ThreadReadings(PrintStream out) {
        this.out = out;
    }

    /** Where a phase starts: the launcher's threads and the wall clock. */
    record Start(ThreadCpu.Snapshot threads, Instant at) {
    }

    /** Reads the launcher's threads and the time as a phase starts. */
    Start start() {
        return new Start(ThreadCpu.now(), Instant.now());
    }

    /**
     * Records the busiest thread groups from {@code start} to now, per {@code unit} of
     * the phase's work ({@code units} of it in {@code millis}), and the launcher's
     * collector pauses over the same span as the threads' CPU.
     */
    void record(String phase, String unit, Start start, long units, long millis) {
        ThreadCpu.Snapshot after = ThreadCpu.now();
        Optional<GcPauses> gc = GcPauses.between(start.at(), Instant.now());
        List<ThreadCpu.Share> top = ThreadCpu.top(start.threads(), after, units, millis, ThreadCpu.TOP);
        phases.add(new PhaseThreads(phase, unit, top, gc));
        out.printf("bench: %s: the launcher's busiest threads, ms per %s (%% of a core): %s; its GC: %s%n", phase, unit,
                ThreadCpu.describe(top), gc.map(GcPauses::describe).orElse("log not read"));
    }

    List<PhaseThreads> all() {
        return List.copyOf(phases);
    }

}
