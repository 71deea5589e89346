package io.paypipe.bench.product;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The product's stop-the-world collector pauses that ended within a phase, read from the
 * launcher's own GC log: {@code ./paypipe bench} starts the launcher with
 * {@code -Xlog:gc:file=<file>:time,level,tags} and gives the driver that file in
 * {@value #LOG}. A pause is a line such as
 * {@code [2026-12-06T12:07:38.256+0000][info][gc] GC(37) Pause Young (Normal) (G1 Evacuation Pause) 1151M->426M(1320M) 96.606ms}
 * (its time is when the pause ended); concurrent phases ({@code Concurrent Mark Cycle})
 * stop no thread and are not counted. The JVM's own figure, not a sampled one: a phase's
 * send->{@code OrderPaid} tail can be set beside the pauses that made part of it.
 * <p>
 * Only a log that names its collector in its {@code Using ...} line, and a collector that
 * writes its pauses in that form under {@code -Xlog:gc} (G1, Parallel, Serial), is read.
 * ZGC writes its pauses under {@code gc+phases}, not {@code gc}: its log would show "no
 * pause" for a phase it paused in, so it is not read at all.
 *
 * @param count pauses that ended within the phase
 * @param totalMillis their sum
 * @param maxMillis the longest (0 without a pause)
 */
public record GcPauses(int count, double totalMillis, double maxMillis) {

    /** The environment variable naming the launcher's GC log. */
    public static final String LOG = "PAYPIPE_BENCH_PRODUCT_GC_LOG";

    private static final Pattern LINE = Pattern
        .compile("^\\[[^\\]]+\\].*\\[gc\\s*\\] GC\\(\\d+\\) Pause .* (\\d+(?:\\.\\d+)?)ms$");

    private static final Pattern COLLECTOR = Pattern.compile("^\\[[^\\]]+\\].*\\[gc\\s*\\] Using (.+)$");

    /**
     * The collectors whose pauses {@code -Xlog:gc} writes as
     * {@code GC(n) Pause ... 1.2ms}.
     */
    private static final List<String> READABLE = List.of("G1", "Parallel", "Serial");

    private static final Pattern TIME = Pattern.compile("^\\[([^\\]]+)\\]");

    private static final DateTimeFormatter UL_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ",
            Locale.ROOT);

    /**
     * The pauses between {@code from} and {@code to} in the log {@value #LOG} names;
     * empty without that variable (a product started elsewhere, {@code --external=true}),
     * when the file cannot be read, when it does not reach back to {@code from} (a log
     * that began after the phase did would count a pause-free phase where it saw
     * nothing), or when it does not name a collector whose pauses it holds.
     */
    public static Optional<GcPauses> between(Instant from, Instant to) {
        String file = System.getenv(LOG);
        if (file == null || file.isBlank()) {
            return Optional.empty();
        }
        try {
            return of(Files.readAllLines(Path.of(file.trim())), from, to);
        }
        catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The pauses of {@code lines} (a GC log) that ended within [from, to]. */
    static Optional<GcPauses> of(List<String> lines, Instant from, Instant to) {
        boolean reachesBack = false;
        boolean readable = false;
        int count = 0;
        double total = 0;
        double max = 0;
        for (String line : lines) {
            Optional<Instant> at = time(line);
            if (at.isEmpty()) {
                continue;
            }
            reachesBack |= !at.get().isAfter(from);
            Matcher collector = COLLECTOR.matcher(line);
            if (collector.matches()) {
                readable = READABLE.contains(collector.group(1).trim());
            }
            Matcher pause = LINE.matcher(line);
            if (pause.matches() && !at.get().isBefore(from) && !at.get().isAfter(to)) {
                double ms = Double.parseDouble(pause.group(1));
                count++;
                total += ms;
                max = Math.max(max, ms);
            }
        }
        return reachesBack && readable ? Optional.of(new GcPauses(count, total, max)) : Optional.empty();
    }

    private static Optional<Instant> time(String line) {
        Matcher m = TIME.matcher(line);
        if (!m.find()) {
            return Optional.empty();
        }
        try {
            return Optional.of(OffsetDateTime.parse(m.group(1), UL_TIME).toInstant());
        }
        catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** "12 pauses, 512 ms, longest 96.6 ms"; "no pause". */
    public String describe() {
        if (count == 0) {
            return "no pause";
        }
        return String.format(Locale.ROOT, "%d %s, %.0f ms, longest %.1f ms", count, count == 1 ? "pause" : "pauses",
                totalMillis, maxMillis);
    }

}
