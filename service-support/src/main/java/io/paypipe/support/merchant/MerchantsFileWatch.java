package io.paypipe.support.merchant;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.support.alert.Alerts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;

/**
 * Keys rotate: the merchants file is watched and a changed file takes effect without a
 * restart. Every {@code interval} the file is read and parsed and compared with the
 * merchants in use; a changed file is validated ({@link MerchantsFile#validate}),
 * prepared by every {@link MerchantsReload} of the service, and only when all of them
 * accept it are all swapped, one after the other, at once. A file that cannot be read,
 * parsed or used changes nothing: the previous one stays in use, the reason is logged at
 * WARN and raised as a {@link Kind#MERCHANTS_FILE_INVALID} alert (once per content, by
 * its SHA-256: the same bad file is not reported again every interval). The file is
 * polled rather than watched with inotify: a Kubernetes Secret volume swaps a symlink,
 * and a network file system sends no events. Reasons name entries and ids, never a
 * credential, and a YAML error only its line and column.
 */
public final class MerchantsFileWatch implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(MerchantsFileWatch.class);

    private final String service;

    private final Path file;

    private final Duration interval;

    private final List<MerchantsReload> reloads;

    private final Consumer<OpsAlertRaised> alerts;

    private final Clock clock;

    private MerchantsFile inUse;

    private String rejected;

    private String rejectedReason;

    private ScheduledExecutorService executor;

    /** What one look at the file found. */
    public sealed interface Outcome {

        /** The file is the one in use (or the one rejected last time). */
        record Unchanged() implements Outcome {
        }

        /** A new file is in use. */
        record Applied(int merchants) implements Outcome {
        }

        /** A new file that could not be used; the previous one stays. */
        record Rejected(String reason) implements Outcome {
        }

    }

    /**
     * @param inUse the merchants the service started with: a file that says the same
     * (only its comments or layout changed) is not applied again
     */
    public MerchantsFileWatch(String service, Path file, MerchantsFile inUse, Duration interval,
            List<MerchantsReload> reloads, Consumer<OpsAlertRaised> alerts, Clock clock) {
        this.service = service;
        this.file = file;
        this.inUse = inUse;
        this.interval = interval;
        this.reloads = List.copyOf(reloads);
        this.alerts = alerts;
        this.clock = clock;
    }

    /** Looks at the file every {@code interval} from now on, on a thread of its own. */
    public synchronized void start() {
        if (executor != null || interval.isZero() || interval.isNegative()) {
            return;
        }
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, service + "-merchants-file-watch");
            thread.setDaemon(true);
            return thread;
        });
        executor.scheduleWithFixedDelay(this::checkQuietly, interval.toMillis(), interval.toMillis(),
                TimeUnit.MILLISECONDS);
        log.info("{}: merchants file {} watched every {}", service, file, interval);
    }

    /** One look at the file now. */
    public synchronized Outcome check() {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        }
        catch (IOException ex) {
            // an unreadable file is reported once until it is readable again (once a day
            // in the alert's key, so a later outage is a new alert)
            String unreadable = "unreadable-" + clock.instant().truncatedTo(java.time.temporal.ChronoUnit.DAYS);
            return unreadable.equals(rejected) ? new Outcome.Unchanged()
                    : reject(unreadable, "cannot read it: " + ex.getClass().getSimpleName());
        }
        String content = fingerprint(bytes);
        if (content.equals(rejected)) {
            return new Outcome.Unchanged();
        }
        MerchantsFile parsed;
        try {
            parsed = MerchantsFile.parse(new String(bytes, StandardCharsets.UTF_8));
            if (parsed.equals(inUse)) {
                rejected = null;
                rejectedReason = null;
                return new Outcome.Unchanged();
            }
            parsed.validate();
        }
        catch (JacksonException ex) {
            return reject(content, "not a merchants file: YAML error" + (ex.getLocation() == null ? ""
                    : " at line " + ex.getLocation().getLineNr() + ", column " + ex.getLocation().getColumnNr()));
        }
        catch (IllegalArgumentException ex) {
            return reject(content, ex.getMessage());
        }
        List<Runnable> swaps = new ArrayList<>();
        for (MerchantsReload reload : reloads) {
            try {
                swaps.add(reload.prepare(parsed));
            }
            catch (IllegalArgumentException | IllegalStateException ex) {
                return reject(content, ex.getMessage());
            }
            catch (RuntimeException ex) {
                return reject(content, ex.getClass().getSimpleName());
            }
        }
        swaps.forEach(Runnable::run);
        inUse = parsed;
        rejected = null;
        rejectedReason = null;
        log.info("{}: merchants file {} reloaded: {} merchants now in use", service, file, parsed.merchants().size());
        return new Outcome.Applied(parsed.merchants().size());
    }

    /**
     * The file watched, the merchants in use, and why the file's last content was not
     * applied ({@code null} when it was, or is the one in use).
     */
    public record Status(Path file, int merchants, String problem) {
    }

    /** What the watch knows now (for the {@code merchantsFile} health). */
    public synchronized Status status() {
        return new Status(file, inUse.merchants().size(), rejectedReason);
    }

    @Override
    public synchronized void close() {
        if (executor != null) {
            executor.shutdownNow();
            executor = null;
        }
    }

    private void checkQuietly() {
        try {
            check();
        }
        catch (RuntimeException ex) {
            log.error("{}: merchants file {} check failed: {}", service, file, ex.toString());
        }
    }

    private Outcome reject(String content, String reason) {
        rejected = content;
        rejectedReason = reason;
        log.warn("{}: merchants file {} not applied, the previous one stays in use: {}", service, file, reason);
        String key = Kind.MERCHANTS_FILE_INVALID.name() + ":" + service + ":"
                + content.substring(0, Math.min(24, content.length()));
        try {
            alerts.accept(Alerts.of(key, Kind.MERCHANTS_FILE_INVALID, Severity.ERROR, Alerts.About.NOTHING,
                    service + ": merchants file " + file + " not applied, the previous one stays in use: " + reason,
                    clock.instant()));
        }
        catch (RuntimeException ex) {
            log.error("{}: MERCHANTS_FILE_INVALID alert not raised: {}", service, ex.toString());
        }
        return new Outcome.Rejected(reason);
    }

    static String fingerprint(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        }
        catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }

}
