package io.paypipe.support.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.signin.OperatorCredentials;
import io.paypipe.core.topic.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * The repository's {@code ./paypipe} script run as an operator runs it (from a service
 * module's directory), signed in as a test account, with environment variables (the
 * service's URL) of the test's choosing.
 */
public final class PaypipeScript {

    private static final Path SCRIPT = Path.of("..", "paypipe").toAbsolutePath().normalize();

    private final Map<String, String> env = new HashMap<>();

    private Path directory;

    private PaypipeScript(Map<String, String> signIn) {
        env.putAll(signIn);
    }

    /** The script signed in as this account (PAYPIPE_USER, PAYPIPE_PASSWORD). */
    public static PaypipeScript signedInAs(OperatorCredentials account) {
        return new PaypipeScript(Map.of("PAYPIPE_USER", account.user(), "PAYPIPE_PASSWORD", account.password()));
    }

    /** The script signed in with an OIDC provider's access token (PAYPIPE_TOKEN). */
    public static PaypipeScript withToken(String accessToken) {
        return new PaypipeScript(Map.of("PAYPIPE_TOKEN", accessToken));
    }

    /** With this environment variable (e.g. the service's URL). */
    public PaypipeScript env(String name, String value) {
        env.put(name, value);
        return this;
    }

    /** Called from this directory (files named relative to it). */
    public PaypipeScript in(Path directory) {
        this.directory = directory;
        return this;
    }

    /** A port of 127.0.0.1 nothing listens on (taken and closed again). */
    public static int closedPort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs {@code ./paypipe args...} to its end (at most 120 s). */
    public Run run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("paypipe-cli", ".out");
        Path err = Files.createTempFile("paypipe-cli", ".err");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile())
                .redirectError(err.toFile());
            builder.environment().putAll(env);
            if (directory != null) {
                builder.directory(directory.toFile());
            }
            Process process = builder.start();
            assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("./paypipe %s ends", args).isTrue();
            return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        }
        finally {
            Files.delete(out);
            Files.delete(err);
        }
    }

    /** How a run ended: its exit code, stdout and stderr. */
    public record Run(int exit, String out, String err) {

        /** Stdout read as JSON. */
        public JsonNode json() {
            return Json.MAPPER.readTree(out);
        }

        /** Stdout's lines. */
        public List<String> lines() {
            return out.lines().toList();
        }

        /**
         * Asserts the run failed with this exit code, nothing on stdout and exactly this
         * one sentence on stderr (no HTTP client's text).
         */
        public void failedWith(int code, String sentence) {
            assertThat(err).as("stderr").isEqualTo(sentence + "\n").doesNotContain("curl");
            assertThat(out).as("stdout").isEmpty();
            assertThat(exit).as("exit code; stderr: %s", err).isEqualTo(code);
        }

    }

}
