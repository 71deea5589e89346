package io.paypipe.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a forked service's output goes: a new file under {@code target/forked-logs}, kept
 * after the build, where infra/logscan reads it with the test classes' own output.
 */
final class ForkedLogs {

    private ForkedLogs() {
    }

    static Path newFile(String prefix) throws IOException {
        Path dir = Files.createDirectories(Path.of("target", "forked-logs"));
        return Files.createTempFile(dir, prefix, ".log");
    }

}
