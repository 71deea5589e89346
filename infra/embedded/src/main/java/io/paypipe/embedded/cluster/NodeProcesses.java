package io.paypipe.embedded.cluster;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Signals and waits for node processes by pid, whether this JVM started them or an
 * earlier one did ({@code ./paypipe cluster down} stops what {@code up} left running).
 */
final class NodeProcesses {

    private static final long POLL_MILLIS = 50;

    private static final int TAIL_BYTES = 64 * 1024;

    private NodeProcesses() {
    }

    /** How a node process ended. */
    enum Stopped {

        /** It exited within the timeout after SIGTERM. */
        TERMINATED,

        /** It was still running after the timeout and got SIGKILL. */
        KILLED,

        /** It was not running. */
        NOT_RUNNING

    }

    /**
     * Alive and not a zombie: a node whose parent is gone is reaped by whoever adopted
     * it, which in a container may never happen, and {@link ProcessHandle#isAlive()}
     * counts a zombie as alive.
     */
    static boolean isAlive(ProcessHandle process) {
        if (!process.isAlive()) {
            return false;
        }
        Path stat = Path.of("/proc", String.valueOf(process.pid()), "stat");
        try {
            String text = Files.readString(stat, StandardCharsets.ISO_8859_1);
            // pid (comm) STATE ...: the command may hold spaces and parentheses, the
            // state
            // follows the last ')'
            int end = text.lastIndexOf(')');
            return end < 0 || end + 2 >= text.length() || text.charAt(end + 2) != 'Z';
        }
        catch (IOException e) {
            return process.isAlive(); // no /proc (not Linux) or it just went away
        }
    }

    /**
     * After a SIGTERM sent to it: waits for it to exit, SIGKILL if it has not after
     * {@code timeout}.
     */
    static Stopped awaitOrKill(ProcessHandle process, Duration timeout) {
        if (awaitExit(process, timeout)) {
            return Stopped.TERMINATED;
        }
        kill(process, Duration.ofSeconds(30));
        return Stopped.KILLED;
    }

    /** SIGKILL, and waits until it is gone. */
    static void kill(ProcessHandle process, Duration timeout) {
        process.destroyForcibly();
        if (!awaitExit(process, timeout)) {
            throw new IllegalStateException("process " + process.pid() + " still runs " + timeout + " after SIGKILL");
        }
    }

    /** Whether it exited within {@code timeout}. */
    private static boolean awaitExit(ProcessHandle process, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (isAlive(process)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(POLL_MILLIS);
            }
            catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return !isAlive(process);
            }
        }
        return true;
    }

    /**
     * A child of this JVM after SIGTERM: waits for its exit, SIGKILL after
     * {@code timeout}. Waits on the {@link Process} (not its handle): once it returns the
     * JDK has reaped the child and {@link Process#isAlive()} is false.
     */
    static Stopped awaitOrKill(Process child, Duration timeout) {
        if (awaitExit(child, timeout)) {
            return Stopped.TERMINATED;
        }
        kill(child, Duration.ofSeconds(30));
        return Stopped.KILLED;
    }

    /** A child of this JVM: SIGKILL, and waits until it is gone and reaped. */
    static void kill(Process child, Duration timeout) {
        child.destroyForcibly();
        if (!awaitExit(child, timeout)) {
            throw new IllegalStateException("process " + child.pid() + " still runs " + timeout + " after SIGKILL");
        }
    }

    private static boolean awaitExit(Process child, Duration timeout) {
        try {
            return child.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for process " + child.pid(), e);
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for a Kafka node", e);
        }
    }

    /**
     * The process's command line, read whole from {@code /proc} where there is one (the
     * node's arguments come after a class path that may be long), else as the JDK sees
     * it.
     */
    static Optional<String> commandLine(ProcessHandle process) {
        Path cmdline = Path.of("/proc", String.valueOf(process.pid()), "cmdline");
        try {
            byte[] bytes = Files.readAllBytes(cmdline);
            return bytes.length == 0 ? Optional.empty()
                    : Optional.of(new String(bytes, StandardCharsets.UTF_8).replace('\0', ' ').strip());
        }
        catch (IOException e) {
            return process.info().commandLine();
        }
    }

    /**
     * What was written to a node's log since {@code offset} (at most its first 1 MB),
     * empty if nothing or no log.
     */
    static String readFrom(Path log, long offset) {
        try (SeekableByteChannel channel = Files.newByteChannel(log)) {
            long available = channel.size() - offset;
            if (available <= 0) {
                return "";
            }
            ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(available, 1024 * 1024));
            channel.position(offset);
            while (buffer.hasRemaining() && channel.read(buffer) > 0) {
                // fill
            }
            return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
        }
        catch (IOException e) {
            return "";
        }
    }

    /** The last {@code count} lines of a node's log, or why there are none. */
    static String tail(Path log, int count) {
        try (SeekableByteChannel channel = Files.newByteChannel(log)) {
            long size = channel.size();
            int read = (int) Math.min(size, TAIL_BYTES);
            ByteBuffer buffer = ByteBuffer.allocate(read);
            channel.position(size - read);
            while (buffer.hasRemaining() && channel.read(buffer) > 0) {
                // fill
            }
            List<String> lines = new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).lines()
                .toList();
            return String.join(System.lineSeparator(), lines.subList(Math.max(0, lines.size() - count), lines.size()));
        }
        catch (IOException e) {
            return "(no log at " + log + ": " + e.getMessage() + ")";
        }
    }

}
