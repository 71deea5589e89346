package io.paypipe.bench.bill;

import io.paypipe.bench.product.ProcessUsage;
import io.paypipe.bench.report.BillSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The memory of the product while one batch runs: each process's resident set before the
 * batch, the highest of the readings and the last; the heap used (highest of the
 * readings) and committed of reconcile-service's JVM. A process that appears only during
 * the batch counts from 0 before.
 */
final class MemoryPeaks {

    private record Seen(String name, long before, long peak, long last) {
    }

    private final Map<Long, Seen> processes = new LinkedHashMap<>();

    private final Optional<Long> heapBefore;

    private Optional<Long> heapPeak = Optional.empty();

    private Optional<Long> committedPeak = Optional.empty();

    private final Optional<Long> oldGenBefore;

    private Optional<Long> oldGenPeak = Optional.empty();

    MemoryPeaks(List<ProcessUsage.Rss> before, Optional<ReconClient.Heap> heap) {
        before.forEach(r -> processes.put(r.pid(), new Seen(r.name(), r.rssMib(), r.rssMib(), r.rssMib())));
        this.heapBefore = heap.map(ReconClient.Heap::usedMib);
        this.oldGenBefore = heap.flatMap(ReconClient.Heap::oldGenUsedMib);
        heap.ifPresent(this::heap);
    }

    /** One reading: the product's total resident set in MiB. */
    long read(List<ProcessUsage.Rss> now, Optional<ReconClient.Heap> heap) {
        long total = 0;
        for (ProcessUsage.Rss r : now) {
            Seen s = processes.getOrDefault(r.pid(), new Seen(r.name(), 0, 0, 0));
            processes.put(r.pid(), new Seen(s.name(), s.before(), Math.max(s.peak(), r.rssMib()), r.rssMib()));
            total += r.rssMib();
        }
        heap.ifPresent(this::heap);
        return total;
    }

    private void heap(ReconClient.Heap h) {
        heapPeak = Optional.of(Math.max(heapPeak.orElse(0L), h.usedMib()));
        committedPeak = Optional.of(Math.max(committedPeak.orElse(0L), h.committedMib()));
        h.oldGenUsedMib().ifPresent(old -> oldGenPeak = Optional.of(Math.max(oldGenPeak.orElse(0L), old)));
    }

    BillSummary.Memory summary() {
        List<BillSummary.ProcessRss> list = new ArrayList<>();
        processes
            .forEach((pid, s) -> list.add(new BillSummary.ProcessRss(pid, s.name(), s.before(), s.peak(), s.last())));
        return new BillSummary.Memory(List.copyOf(list), heapBefore, heapPeak, committedPeak, oldGenBefore, oldGenPeak);
    }

}
