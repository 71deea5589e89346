package io.paypipe.bench.product;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * CPU time of the launcher's threads (from {@code /proc/<pid>/task}), grouped by thread
 * name with the numbers taken out ({@code processor-notify-0-C-1} and
 * {@code processor-notify-3-C-1} are one group): which part of the product a phase's CPU
 * went to. The launcher is the process in {@value ProcessUsage#PRODUCT_PID}; without it
 * ({@code --external=true}) there is nothing to read and every snapshot is empty. Linux
 * only. Linux keeps 15 characters of a thread's name, so groups are named by those.
 */
public final class ThreadCpu {

    /**
     * A group's share of a phase: {@code millis} of CPU, {@code msPerUnit} per unit of
     * the phase's work, {@code percentOfCore} over its wall time.
     */
    public record Share(String group, long millis, double msPerUnit, double percentOfCore) {
    }

    /** Milliseconds of CPU per thread group at one moment. */
    public record Snapshot(Map<String, Long> millisByGroup) {

        /** Nothing read: no launcher pid, not Linux. */
        public static final Snapshot EMPTY = new Snapshot(Map.of());

    }

    /** Thread groups the report lists per phase. */
    public static final int TOP = 8;

    private static final long MILLIS_PER_TICK = 10;

    private ThreadCpu() {
    }

    /** The launcher's threads now, or {@link Snapshot#EMPTY}. */
    public static Snapshot now() {
        String pid = System.getenv(ProcessUsage.PRODUCT_PID);
        if (pid == null || pid.isBlank()) {
            return Snapshot.EMPTY;
        }
        return of(Path.of("/proc", pid.trim(), "task"));
    }

    /** The threads under {@code taskDir} ({@code /proc/<pid>/task}). */
    static Snapshot of(Path taskDir) {
        Map<String, Long> groups = new HashMap<>();
        try (Stream<Path> tasks = Files.list(taskDir)) {
            tasks.forEach(task -> stat(task.resolve("stat"))
                .ifPresent(s -> groups.merge(group(s.name()), s.millis(), Long::sum)));
        }
        catch (IOException | RuntimeException e) {
            return Snapshot.EMPTY;
        }
        return new Snapshot(Map.copyOf(groups));
    }

    /**
     * The {@code top} groups that used the most CPU between the two snapshots, largest
     * first; a thread that ended in between is not counted (its time left with it).
     */
    public static List<Share> top(Snapshot before, Snapshot after, long units, long wallMillis, int top) {
        return after.millisByGroup()
            .entrySet()
            .stream()
            .map(e -> Map.entry(e.getKey(), e.getValue() - before.millisByGroup().getOrDefault(e.getKey(), 0L)))
            .filter(e -> e.getValue() > 0)
            .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey()))
            .limit(top)
            .map(e -> new Share(e.getKey(), e.getValue(), units <= 0 ? 0 : (double) e.getValue() / units,
                    wallMillis <= 0 ? 0 : 100.0 * e.getValue() / wallMillis))
            .toList();
    }

    /** One line for the console and the page: {@code name ms/unit (% of a core)}, ... */
    public static String describe(List<Share> shares) {
        if (shares.isEmpty()) {
            return "not read (no launcher pid)";
        }
        return String.join(", ", shares.stream()
            .map(s -> String.format(Locale.ROOT, "%s %.2f (%.1f %%)", s.group(), s.msPerUnit(), s.percentOfCore()))
            .toList());
    }

    /**
     * A thread's name with its digits folded: {@code pool-12-thread-3} ->
     * {@code pool-N-thread-N}.
     */
    static String group(String threadName) {
        return threadName.replaceAll("\\d+", "N").trim();
    }

    private record Stat(String name, long millis) {
    }

    /** Name and utime + stime of one {@code /proc/<pid>/task/<tid>/stat}. */
    private static Optional<Stat> stat(Path file) {
        try {
            String stat = Files.readString(file);
            int open = stat.indexOf('(');
            int close = stat.lastIndexOf(')');
            String[] fields = stat.substring(close + 2).split(" ");
            long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
            return Optional.of(new Stat(stat.substring(open + 1, close), ticks * MILLIS_PER_TICK));
        }
        catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

}
