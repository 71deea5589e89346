package io.paypipe.ingress.callback;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.embedded.TestInfra;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Replays the mutants a fuzz run wrote ({@link FuzzFailures}), byte for byte over a plain
 * socket, to an ingress (topics made as for every channel's test) that verifies with the
 * merchants file of that run. Off unless {@code -Dpaypipe.fuzz.replay=
 *
<dir>
 * } names a run's directory ({@code target/fuzz-failures/<channel>-<seed>}) or one case
 * of it. The signed timestamps of the files age, so the WeChat replay window and the
 * Stripe tolerance are {@code -Dpaypipe.fuzz.replay.window} (default 3650d; set
 * {@code 5m} within five minutes of the run to replay a timestamp finding). The database
 * is a fresh one: rows an earlier case of the run had stored are not there.
 */
@EnabledIfSystemProperty(named = FuzzReplayIntegrationTest.REPLAY_PROPERTY, matches = ".+")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class FuzzReplayIntegrationTest extends CallbackIntegrationBase {

    static final String REPLAY_PROPERTY = "paypipe.fuzz.replay";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestInfra.get().springProperties().forEach((k, v) -> registry.add(k, () -> v));
        registry.add("ingress.merchants-file", () -> runDir().resolve("merchants.yaml").toString());
        String window = System.getProperty("paypipe.fuzz.replay.window", "3650d");
        registry.add("ingress.replay-window", () -> window);
        registry.add("ingress.stripe-tolerance", () -> window);
    }

    @Test
    void everyRecordedMutantIsSentAgainByteForByte() throws Exception {
        // Given the recorded requests
        List<Path> requests;
        try (Stream<Path> files = Files.walk(Path.of(System.getProperty(REPLAY_PROPERTY)))) {
            requests = files.filter(p -> p.getFileName().toString().equals("request.http")).sorted().toList();
        }
        assertThat(requests).as("request.http files under " + System.getProperty(REPLAY_PROPERTY)).isNotEmpty();

        for (Path request : requests) {
            // When each is sent as it was
            String answer = send(Files.readAllBytes(request));

            // Then it gets an HTTP answer, printed next to what the run saw
            String recorded = Files.readString(request.resolveSibling("finding.txt"))
                .lines()
                .filter(l -> l.startsWith("status: ") || l.startsWith("problem: "))
                .toList()
                .toString();
            System.out
                .println("replayed " + request.getParent().getFileName() + ": " + answer.lines().findFirst().orElse("")
                        + " | body " + answer.substring(answer.indexOf("\r\n\r\n") + 4) + " | recorded " + recorded);
            assertThat(answer).startsWith("HTTP/1.1 ");
        }
    }

    /**
     * The run's directory: the one holding merchants.yaml, the replay directory itself or
     * a parent of a case.
     */
    private static Path runDir() {
        Path dir = Path.of(System.getProperty(REPLAY_PROPERTY)).toAbsolutePath();
        return Files.exists(dir.resolve("merchants.yaml")) ? dir : dir.getParent();
    }

    private String send(byte[] raw) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(15_000);
            socket.getOutputStream().write(raw);
            socket.shutdownOutput(); // one request: the server answers, then sees the end
                                     // and closes
            try (InputStream in = socket.getInputStream()) {
                return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            }
        }
    }

}
