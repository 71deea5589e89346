package io.paypipe.launcher;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the chaos test's SIGKILL hit, read from the killed processor's own log: whether it
 * owned payment.notify partitions, how many payments it had applied, and which payments
 * it had committed to the database but not yet published when it died (its consumer
 * threads stood right there, see {@code processor.pause-after-commit-when}).
 */
record Kill(boolean ownedPaymentPartitions, long appliedBefore, List<Long> pausedRawIds, int exitValue) {

    private static final Pattern PAUSED = Pattern.compile("fault injection: paused after the commit of raw (\\d+)");

    private static final Pattern APPLIED = Pattern.compile(" -> PAID by \\w+ trade ");

    private static final Pattern ASSIGNED = Pattern.compile("partitions assigned: \\[[^]]*payment\\.notify-\\d");

    /**
     * Makes the processor's consumer threads stop after their next applied commit, waits
     * until at least one did, then kills the JVM with SIGKILL; the marker is removed
     * again so a new processor does not stop.
     */
    static Kill withWorkInFlight(ForkedProcessor processor, Path pauseMarker) {
        String before = processor.log();
        try {
            Files.createFile(pauseMarker);
            await().atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> PAUSED.matcher(processor.log()).find());
            // give the other consumer threads a moment to reach their next commit as well
            await().pollDelay(Duration.ofMillis(500)).until(() -> true);
            int exit = processor.kill();
            String log = processor.log();
            return new Kill(ASSIGNED.matcher(before).find(), APPLIED.matcher(before).results().count(),
                    PAUSED.matcher(log).results().map(m -> Long.parseLong(m.group(1))).toList(), exit);
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        finally {
            try {
                Files.deleteIfExists(pauseMarker);
            }
            catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
