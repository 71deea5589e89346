package io.paypipe.bench.product;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Resident memory (VmRSS from {@code /proc}) of the product's processes on this machine: every JVM whose command
 * line names a paypipe service or the launcher, and their child processes (the launcher's embedded MariaDB).
 * Linux only; elsewhere the list is empty.
 */
public final class ProcessMemory {

    /** One process: pid, a short name, resident set in MiB. */
    public record Rss(long pid, String name, long rssMib) {
    }

    private static final List<String> MARKERS = List.of("paypipe-launcher", "ingress-service", "processor-service",
            "reconcile-service", "refund-service", "paypipe-sandbox", "paypipe-downstream");

    private ProcessMemory() {
    }

    public static List<Rss> ofProduct() {
        long self = ProcessHandle.current().pid();
        List<Rss> found = new ArrayList<>();
        ProcessHandle.allProcesses().filter(p -> p.pid() != self).forEach(p -> {
            String cmd = p.info().commandLine().orElse("");
            Optional<String> marker = MARKERS.stream().filter(cmd::contains).findFirst();
            if (marker.isPresent()) {
                rss(p.pid()).ifPresent(kib -> found.add(new Rss(p.pid(), marker.get(), kib / 1024)));
                p.descendants().forEach(child -> rss(child.pid()).ifPresent(kib -> found.add(new Rss(child.pid(),
                        marker.get() + " child " + child.info().command().map(c -> Path.of(c).getFileName().toString())
                                .orElse("?"), kib / 1024))));
            }
        });
        return found;
    }

    private static Optional<Long> rss(long pid) {
        try {
            return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                    .filter(l -> l.startsWith("VmRSS:"))
                    .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")))
                    .findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
