package io.paypipe.support.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Prometheus's own checker, {@code promtool} (Debian's package {@code prometheus}; only
 * the tool is used, never the server), run by tests on the rules, the dashboard's queries
 * and real scrapes. Where it is not installed a test is skipped with a message, unless
 * {@code CI=true}: then it fails, since {@code .ci/run} installs it.
 */
public final class Promtool {

    private final Path executable;

    private Promtool(Path executable) {
        this.executable = executable;
    }

    /** What one run printed and how it ended. */
    public record Run(int exitCode, String out, String err) {

        /** Both streams, for a failure message. */
        public String output() {
            return out + err;
        }

    }

    /**
     * {@code promtool} from {@code $PROMTOOL} or the {@code PATH}; skips the test when it
     * is not there, fails it instead when {@code CI=true}.
     */
    public static Promtool required() {
        Optional<Path> found = locate();
        if (found.isEmpty()) {
            String missing = "promtool is not installed (Debian: apt-get install --no-install-recommends prometheus; "
                    + "or set PROMTOOL to its path)";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(missing + " and CI=true: .ci/run installs it; the Prometheus checks cannot be skipped in CI");
            }
            Assumptions.abort(missing + ": skipped (with CI=true this fails)");
        }
        return new Promtool(found.orElseThrow());
    }

    /**
     * {@code promtool check metrics} over a scrape (Prometheus's text format): whether it
     * parsed, and the lint problems it printed, one {@code "<metric> <problem>"} a line.
     */
    public MetricsLint checkMetrics(String exposition) throws IOException, InterruptedException {
        Run run = runWithInput(Path.of(".").toAbsolutePath(), exposition, "check", "metrics");
        return new MetricsLint(run, run.err().lines().filter(l -> !l.isBlank()).toList());
    }

    /**
     * What {@code promtool check metrics} said: exit code 0 (clean), 3 (lint problems
     * only) or 1 (the text could not be parsed), and each lint problem.
     */
    public record MetricsLint(Run run, List<String> problems) {

        private static final Pattern OURS = Pattern.compile("^(paypipe|reconcile|refund)_\\S*\\s.*");

        /** True unless promtool could not parse the text (exit codes 0 and 3). */
        public boolean parsed() {
            return run.exitCode() == 0 || run.exitCode() == 3;
        }

        /**
         * Asserts the scrape parsed and none of the product's series has a lint problem;
         * prints the libraries' problems (not ours to fix: docs/operations.md, "Checked
         * by promtool").
         */
        public void assertParsedAndOurSeriesClean() {
            assertThat(parsed()).as("promtool could not parse the scrape: %s", run.output()).isTrue();
            assertThat(ofOurSeries()).as("paypipe's own series fail Prometheus's lint: %s", run.output()).isEmpty();
            ofOtherSeries().forEach(p -> System.out.println("promtool check metrics, a library's series: " + p));
        }

        /** The problems of the product's own series (paypipe_, reconcile_, refund_). */
        public List<String> ofOurSeries() {
            return problems.stream().filter(p -> OURS.matcher(p).matches()).toList();
        }

        /**
         * The problems of the libraries' series (JVM, Kafka client, Hikari, Tomcat, ...).
         */
        public List<String> ofOtherSeries() {
            return problems.stream().filter(p -> !OURS.matcher(p).matches()).toList();
        }

    }

    /** Runs {@code promtool args...} in {@code directory} with {@code stdin} as input. */
    public Run runWithInput(Path directory, String stdin, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(executable.toString()));
        command.addAll(List.of(args));
        Path in = Files.createTempFile("promtool", ".in");
        Path out = Files.createTempFile("promtool", ".out");
        Path err = Files.createTempFile("promtool", ".err");
        try {
            Files.writeString(in, stdin, StandardCharsets.UTF_8);
            Process process = new ProcessBuilder(command).directory(directory.toFile())
                .redirectInput(in.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            assertThat(process.isAlive()).as("promtool %s ends within 120 s", args).isFalse();
            return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        }
        finally {
            Files.deleteIfExists(in);
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** Runs {@code promtool args...} in {@code directory} without input. */
    public Run run(Path directory, String... args) throws IOException, InterruptedException {
        return runWithInput(directory, "", args);
    }

    private static Optional<Path> locate() {
        String explicit = System.getenv("PROMTOOL");
        if (explicit != null && !explicit.isBlank()) {
            return Optional.of(Path.of(explicit)).filter(Files::isExecutable);
        }
        String path = Optional.ofNullable(System.getenv("PATH")).orElse("");
        return Stream.of(path.split(File.pathSeparator))
            .filter(d -> !d.isBlank())
            .map(d -> Path.of(d, "promtool"))
            .filter(Files::isExecutable)
            .findFirst();
    }

}
