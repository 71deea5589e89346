package io.paypipe.ingress.callback;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Writes every failing mutant of a fuzz run byte for byte under
 * {@code target/fuzz-failures/<channel>-<seed>/} (or
 * {@code -Dpaypipe.fuzz.failures-dir}), so that the failure can be replayed exactly: one
 * directory per case with {@code request.http} (request line, headers and body as the JDK
 * client sent them), {@code body.bin}, {@code headers.txt} (for
 * {@code curl -H @headers.txt}) and {@code finding.txt}; next to them a copy of the
 * merchants file the run verified with (its keys are made per JVM).
 * {@code FuzzReplayIntegrationTest} sends them again. At most {@link #MAX_WRITTEN} cases
 * are written; all are counted in the report.
 */
public final class FuzzFailures {

    public static final String DIR_PROPERTY = "paypipe.fuzz.failures-dir";

    public static final int MAX_WRITTEN = 100;

    private final String channel;

    private final long seed;

    private final String path;

    private final int port;

    private final Path merchantsFile;

    private final Path dir;

    private final AtomicInteger written = new AtomicInteger();

    /**
     * For a run of {@code channel} with {@code seed} against {@code path} on
     * {@code 127.0.0.1:port}.
     */
    public FuzzFailures(String channel, long seed, String path, int port, Path merchantsFile) {
        this.channel = channel;
        this.seed = seed;
        this.path = path;
        this.port = port;
        this.merchantsFile = merchantsFile;
        this.dir = Path.of(System.getProperty(DIR_PROPERTY, "target/fuzz-failures"))
            .resolve(channel + "-" + seed)
            .toAbsolutePath();
        deleteRecursively(dir); // a run with the same seed starts clean
    }

    public Path dir() {
        return dir;
    }

    /** Writes one failing case (up to {@link #MAX_WRITTEN}). */
    public void record(CallbackFuzzer.Mutant mutant, int status, String responseBody, String problem) {
        if (written.incrementAndGet() > MAX_WRITTEN) {
            return;
        }
        FuzzRequest sent = mutant.request();
        Path caseDir = dir.resolve(String.format("case-%05d", mutant.caseNumber()));
        try {
            Files.createDirectories(caseDir);
            synchronized (this) {
                Path merchants = dir.resolve("merchants.yaml");
                if (!Files.exists(merchants)) {
                    Files.copy(merchantsFile, merchants);
                }
            }
            Files.write(caseDir.resolve("request.http"), sent.wireBytes(path, port));
            Files.write(caseDir.resolve("body.bin"), sent.body());
            Files.writeString(caseDir.resolve("headers.txt"),
                    sent.headers()
                        .stream()
                        .map(h -> h.getKey() + ": " + h.getValue() + "\n")
                        .collect(Collectors.joining()),
                    StandardCharsets.ISO_8859_1);
            Files.writeString(caseDir.resolve("finding.txt"), """
                    channel: %s
                    seed: %d
                    case: %d
                    path: %s
                    mutations: %s
                    re-signed: %s
                    status: %d
                    problem: %s
                    response body: %s
                    """.formatted(channel, seed, mutant.caseNumber(), path, mutant.mutations(), mutant.resigned(),
                    status, problem, responseBody));
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteRecursively(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
