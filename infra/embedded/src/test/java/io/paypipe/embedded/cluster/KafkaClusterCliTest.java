package io.paypipe.embedded.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaClusterCliTest {

    @TempDir
    Path tempDir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void givenAnUnknownCommandWhenTheCliRunsThenItPrintsItsUsageAndExits2() {
        // When
        int code = run("sideways");

        // Then
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("usage: ./paypipe cluster up|down|status");
    }

    @Test
    void givenADirectoryOfNoClusterWhenStatusAndDownRunThenTheySayNothingRuns() {
        // Given
        String dir = "--dir=" + tempDir.resolve("none");

        // When / Then
        assertThat(run("status", dir)).isEqualTo(1);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("no cluster under");
        assertThat(run("down", dir)).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("node 1 was not running", "node 3 was not running");
    }

    private int run(String... args) {
        return KafkaClusterCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

}
