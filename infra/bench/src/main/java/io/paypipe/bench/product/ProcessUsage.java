package io.paypipe.bench.product;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Resident memory and CPU time (from {@code /proc}) of the product's processes on this
 * machine: the launcher {@code ./paypipe bench} started (its pid in
 * {@value #PRODUCT_PID}) and its child processes (the embedded MariaDB); without that
 * variable ({@code --external=true}), every JVM whose command line names a paypipe
 * service or the launcher, and their children, which on a machine shared with other
 * builds also counts their test JVMs. Linux only; elsewhere the lists are empty and the
 * CPU time is 0.
 */
public final class ProcessUsage {

    /** One process: pid, a short name, resident set in MiB. */
    public record Rss(long pid, String name, long rssMib) {
    }

    /**
     * CPU time used during a phase, in milliseconds: the product's processes and the
     * driver (this JVM).
     */
    public record Cpu(long productMillis, long driverMillis) {
        public Cpu minus(Cpu before) {
            return new Cpu(productMillis - before.productMillis, driverMillis - before.driverMillis);
        }
    }

    private record Proc(long pid, String name) {
    }

    /** The variable the {@code ./paypipe bench} script sets to the launcher's pid. */
    public static final String PRODUCT_PID = "PAYPIPE_BENCH_PRODUCT_PID";

    private static final List<String> MARKERS = List.of("paypipe-launcher", "ingress-service", "processor-service",
            "reconcile-service", "refund-service", "paypipe-sandbox", "paypipe-downstream");

    /** USER_HZ: /proc counts CPU time in ticks of 1/100 s on Linux. */
    private static final long MILLIS_PER_TICK = 10;

    private ProcessUsage() {
    }

    public static List<Rss> rssOfProduct() {
        List<Rss> found = new ArrayList<>();
        for (Proc p : product()) {
            statusField(p.pid(), "VmRSS:").ifPresent(kib -> found.add(new Rss(p.pid(), p.name(), kib / 1024)));
        }
        return found;
    }

    /** CPU time so far of the product's processes and of this JVM. */
    public static Cpu cpuNow() {
        long product = product().stream().mapToLong(p -> cpuMillis(p.pid())).sum();
        return new Cpu(product, cpuMillis(ProcessHandle.current().pid()));
    }

    private static List<Proc> product() {
        String started = System.getenv(PRODUCT_PID);
        if (started != null && !started.isBlank()) {
            List<Proc> found = new ArrayList<>();
            ProcessHandle.of(Long.parseLong(started.trim()))
                .ifPresent(launcher -> withChildren(launcher, "paypipe-launcher", found));
            return found;
        }
        long self = ProcessHandle.current().pid();
        List<Proc> found = new ArrayList<>();
        ProcessHandle.allProcesses().filter(p -> p.pid() != self).forEach(p -> {
            String cmd = p.info().commandLine().orElse("");
            MARKERS.stream().filter(cmd::contains).findFirst().ifPresent(marker -> withChildren(p, marker, found));
        });
        return found;
    }

    private static void withChildren(ProcessHandle p, String name, List<Proc> found) {
        found.add(new Proc(p.pid(), name));
        p.descendants()
            .forEach(child -> found.add(new Proc(child.pid(), name + " child "
                    + child.info().command().map(c -> Path.of(c).getFileName().toString()).orElse("?"))));
    }

    /**
     * utime + stime of {@code /proc/<pid>/stat} (fields 14 and 15, counted after the
     * command in parentheses).
     */
    private static long cpuMillis(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * MILLIS_PER_TICK;
        }
        catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static Optional<Long> statusField(long pid, String field) {
        try {
            return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))
                .stream()
                .filter(l -> l.startsWith(field))
                .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")))
                .findFirst();
        }
        catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

}
