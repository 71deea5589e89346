package io.paypipe.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One service in a JVM of its own, as production runs it: its own main class from the
 * test's classpath, the pipeline's settings for it, its own HTTP port. A test kills it
 * for real (SIGKILL) and starts it again.
 */
final class ServiceProcess implements AutoCloseable {

    /**
     * The tests' JVM options: a small heap, and C1 only (starts fast, little JIT CPU).
     */
    static final List<String> TEST_JVM = List.of("-Xmx384m", "-XX:TieredStopAtLevel=1");

    private final PipelineService service;

    private final List<String> command;

    private final Path log;

    private Process process;

    private ServiceProcess(PipelineService service, List<String> command, Path log) {
        this.service = service;
        this.command = command;
        this.log = log;
    }

    /**
     * {@code service} (ingress, processor, refund or reconcile) with {@code settings}'
     * arguments, on {@code port}, plus {@code extra} arguments.
     */
    static ServiceProcess start(PipelineService service, LocalPipeline.Settings settings, int port,
            List<String> extra) {
        return start(service, settings, port, extra, TEST_JVM);
    }

    /**
     * The same with {@code jvm} on the java command line instead of the tests' small heap
     * and C1-only compiler ({@link #TEST_JVM}); a benchmark gives the JIT its full tiers.
     */
    static ServiceProcess start(PipelineService service, LocalPipeline.Settings settings, int port, List<String> extra,
            List<String> jvm) {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvm);
        command.addAll(List.of("-cp", classpath, mainClass(service).getName()));
        settings.arguments(service).stream().filter(a -> !a.startsWith("--server.port=")).forEach(command::add);
        command.add("--server.port=" + port);
        // the mains default to the profile prod (environment variables, 12 partitions):
        // the
        // test gives its settings itself
        command.add("--spring.profiles.active=forked");
        command.addAll(extra);
        try {
            ServiceProcess started = new ServiceProcess(service, List.copyOf(command),
                    ForkedLogs.newFile("service-" + service.name().toLowerCase() + "-"));
            started.launch();
            return started;
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void launch() throws IOException {
        process = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    }

    /**
     * Waits until Spring reports the service started; fails with its last lines if it
     * died.
     */
    ServiceProcess awaitStarted(Duration timeout) {
        String started = "Started " + mainClass(service).getSimpleName();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (lastStartIsUp(started)) {
                return this;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException(service + " died at start:\n" + tail());
            }
            org.awaitility.Awaitility.await().pollDelay(Duration.ofMillis(250)).until(() -> true);
        }
        throw new IllegalStateException(service + " did not start in " + timeout + ":\n" + tail());
    }

    /** SIGKILL, and wait until the JVM is gone; its exit value (137). */
    int kill() {
        process.destroyForcibly();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException(service + " still alive 30 s after SIGKILL");
            }
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return process.exitValue();
    }

    /**
     * The same command again, after a kill: same port, same settings, same log
     * (appended).
     */
    ServiceProcess restart() {
        try {
            Files.writeString(log, "\n--- restarted ---\n", java.nio.file.StandardOpenOption.APPEND);
            launch();
            return this;
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The JVM's process id (of the last start). */
    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

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
     * Closes every one, first printing the last lines of any that was down at the end.
     */
    static void closeAll(List<ServiceProcess> services) {
        services.forEach(s -> {
            if (!s.isAlive()) {
                System.out.println("cluster: " + s + " was down at the end:\n" + s.tail());
            }
            s.close();
        });
    }

    @Override
    public void close() {
        if (process != null) {
            process.destroyForcibly();
        }
    }

    private boolean lastStartIsUp(String started) {
        try {
            String text = Files.readString(log);
            int restart = text.lastIndexOf("--- restarted ---");
            return text.indexOf(started, Math.max(restart, 0)) >= 0;
        }
        catch (IOException e) {
            return false;
        }
    }

    private static Class<?> mainClass(PipelineService service) {
        return service.application();
    }

    @Override
    public String toString() {
        return service + (process == null ? "" : " pid " + process.pid()) + " (log " + log + ")";
    }

}
