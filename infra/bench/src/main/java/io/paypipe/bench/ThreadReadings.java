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

    /**
     * Records the busiest thread groups between {@code before} and {@code after}, per
     * {@code unit} of the phase's work ({@code units} of it in {@code millis}, which end
     * now), and the launcher's collector pauses in those {@code millis}.
     */
    void record(String phase, String unit, ThreadCpu.Snapshot before, ThreadCpu.Snapshot after, long units,
            long millis) {
        Instant end = Instant.now();
        List<ThreadCpu.Share> top = ThreadCpu.top(before, after, units, millis, ThreadCpu.TOP);
        Optional<GcPauses> gc = GcPauses.between(end.minusMillis(millis), end);
        phases.add(new PhaseThreads(phase, unit, top, gc));
        out.printf("bench: %s: the launcher's busiest threads, ms per %s (%% of a core): %s; its GC: %s%n", phase, unit,
                ThreadCpu.describe(top), gc.map(GcPauses::describe).orElse("log not read"));
    }

    List<PhaseThreads> all() {
        return List.copyOf(phases);
    }

}
