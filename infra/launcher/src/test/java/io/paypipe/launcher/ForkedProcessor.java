package io.paypipe.launcher;

import io.paypipe.processor.ProcessorApplication;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A processor in a JVM of its own, started from the test's classpath, so that a test can
 * crash it for real (the fault hook halts the JVM) at the worst moment.
 */
final class ForkedProcessor implements AutoCloseable {

    private final Process process;

    private final Path log;

    private ForkedProcessor(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static ForkedProcessor start(LocalPipeline.Settings settings, List<String> extraArguments) {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m", "-cp",
                        classpath, ProcessorApplication.class.getName()));
        // its own free HTTP port: another processor of the same pipeline may be running
        // in this JVM
        settings.arguments(PipelineService.PROCESSOR)
            .stream()
            .filter(a -> !a.startsWith("--server.port="))
            .forEach(command::add);
        command.add("--server.port=0");
        // the processor's main defaults to the profile prod (its executable jar's
        // production
        // settings: 12 partitions, 3 replicas); the fork runs with the launcher's
        // settings
        command.add("--spring.profiles.active=forked");
        // the batch path logs each applied payment at DEBUG; Kill counts them in this log
        command.add("--logging.level.io.paypipe.processor.transition.PaymentDispatcher=DEBUG");
        command.addAll(extraArguments);
        try {
            Path log = ForkedLogs.newFile("forked-processor-");
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
            return new ForkedProcessor(process, log);
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Waits until Spring reports the processor started; fails with its last lines if it
     * died instead.
     */
    ForkedProcessor awaitStarted() {
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < deadline) {
            // the whole log: a listener's stack traces after the start line push it out
            // of the tail
            if (log().contains("Started ProcessorApplication")) {
                return this;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("forked processor died at start:\n" + tail());
            }
            org.awaitility.Awaitility.await().pollDelay(java.time.Duration.ofMillis(200)).until(() -> true);
        }
        throw new IllegalStateException("forked processor did not start in 90 s:\n" + tail());
    }

    boolean isAlive() {
        return process.isAlive();
    }

    int exitValue() {
        return process.exitValue();
    }

    /** Everything the forked JVM printed so far. */
    String log() {
        try {
            return Files.readString(log);
        }
        catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /** The last lines the forked JVM printed, for a failing assertion's message. */
    String tail() {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        }
        catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /**
     * SIGKILL, and wait until the JVM is gone; its exit value (137 = killed by SIGKILL).
     */
    int kill() {
        process.destroyForcibly();
        try {
            if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                throw new IllegalStateException("forked processor still alive 30 s after SIGKILL");
            }
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return process.exitValue();
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

}
