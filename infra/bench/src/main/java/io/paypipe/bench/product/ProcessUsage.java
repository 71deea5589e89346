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
 * builds also counts their test JVMs. The channel sandbox, which signs what the driver
 * sends, is not the product: the process tree of {@value #SANDBOX_PID} (the sandbox's own
 * process that the script starts), or without it a launcher started with
 * {@code --only=sandbox}, is counted apart and never in the product's figures. Linux
 * only; elsewhere the lists are empty and the CPU time is 0.
 */
public final class ProcessUsage {

    /** One process: pid, a short name, resident set in MiB. */
    public record Rss(long pid, String name, long rssMib) {
    }

    /**
     * CPU time used during a phase, in milliseconds: the product's processes, the driver
     * (this JVM) and the sandbox's own process (0 when it runs inside the launcher).
     */
    public record Cpu(long productMillis, long driverMillis, long sandboxMillis) {

        public Cpu(long productMillis, long driverMillis) {
            this(productMillis, driverMillis, 0);
        }

        public Cpu minus(Cpu before) {
            return new Cpu(productMillis - before.productMillis, driverMillis - before.driverMillis,
                    sandboxMillis - before.sandboxMillis);
        }

    }

    private record Proc(long pid, String name) {
    }

    /** The variable the {@code ./paypipe bench} script sets to the launcher's pid. */
    public static final String PRODUCT_PID = "PAYPIPE_BENCH_PRODUCT_PID";

    /**
     * The variable the {@code ./paypipe bench} script sets to the sandbox process's pid.
     */
    public static final String SANDBOX_PID = "PAYPIPE_BENCH_SANDBOX_PID";

    /** How a launcher that runs the sandbox alone is started. */
    private static final String SANDBOX_ONLY = "--only=sandbox";

    private static final List<String> MARKERS = List.of("paypipe-launcher", "ingress-service", "processor-service",
            "reconcile-service", "refund-service", "paypipe-downstream");

    /** USER_HZ: /proc counts CPU time in ticks of 1/100 s on Linux. */
    private static final long MILLIS_PER_TICK = 10;

    private ProcessUsage() {
    }

    public static List<Rss> rssOfProduct() {
        return rss(product());
    }

    /** The sandbox's own processes, if it runs in its own (never part of the product). */
    public static List<Rss> rssOfSandbox() {
        return rss(sandbox());
    }

    private static List<Rss> rss(List<Proc> processes) {
        List<Rss> found = new ArrayList<>();
        for (Proc p : processes) {
            statusField(p.pid(), "VmRSS:").ifPresent(kib -> found.add(new Rss(p.pid(), p.name(), kib / 1024)));
        }
        return found;
    }

    /** CPU time so far of the product's processes, of this JVM and of the sandbox's. */
    public static Cpu cpuNow() {
        return new Cpu(cpuMillis(product()), cpuMillis(ProcessHandle.current().pid()), cpuMillis(sandbox()));
    }

    private static long cpuMillis(List<Proc> processes) {
        return processes.stream().mapToLong(p -> cpuMillis(p.pid())).sum();
    }

    private static List<Proc> product() {
        List<Proc> sandbox = sandbox();
        java.util.Set<Long> notProduct = new java.util.HashSet<>();
        sandbox.forEach(p -> notProduct.add(p.pid()));
        notProduct.add(ProcessHandle.current().pid());
        List<Proc> found = new ArrayList<>();
        pid(PRODUCT_PID).ifPresentOrElse(launcher -> withChildren(launcher, "paypipe-launcher", found),
                () -> ProcessHandle.allProcesses().filter(p -> !notProduct.contains(p.pid())).forEach(p -> {
                    String cmd = p.info().commandLine().orElse("");
                    MARKERS.stream()
                        .filter(cmd::contains)
                        .findFirst()
                        .ifPresent(marker -> withChildren(p, marker, found));
                }));
        return found.stream().filter(p -> !notProduct.contains(p.pid())).toList();
    }

    private static List<Proc> sandbox() {
        List<Proc> found = new ArrayList<>();
        pid(SANDBOX_PID).ifPresentOrElse(s -> withChildren(s, "sandbox (own process, not product)", found),
                () -> ProcessHandle.allProcesses()
                    .filter(p -> isSandbox(p.info().commandLine().orElse("")))
                    .forEach(p -> withChildren(p, "sandbox (own process, not product)", found)));
        return found;
    }

    /** A launcher running the sandbox alone, or the sandbox's own jar. */
    static boolean isSandbox(String commandLine) {
        return commandLine.contains(SANDBOX_ONLY)
                || (commandLine.contains("paypipe-sandbox") && !commandLine.contains("paypipe-launcher"));
    }

    static Optional<ProcessHandle> pid(String variable) {
        String value = System.getenv(variable);
        return (value == null || value.isBlank()) ? Optional.empty() : ProcessHandle.of(Long.parseLong(value.trim()));
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
