package io.paypipe.embedded.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./paypipe cluster up|status|down} as the script runs it: the CLI in a JVM of its
 * own, each command a new JVM.
 */
class KafkaClusterCliIntegrationTest {

    @TempDir
    Path tempDir;

    private Path clusterDir;

    @AfterEach
    void killWhatIsLeft() throws IOException {
        // a failed test must not leave nodes running on the machine
        for (long pid : pids()) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void givenUpInAJvmOfItsOwnWhenThatJvmHasExitedThenTheNodesServeOnUntilDownStopsThem() throws Exception {
        // Given a directory of no cluster
        clusterDir = tempDir.resolve("cluster");

        // When `up` runs in a JVM of its own
        Cli up = cli("up");

        // Then that JVM has exited with 0, and the three nodes of its pid files run on
        // without it
        assertThat(up.exitCode()).as(up.output()).isZero();
        assertThat(up.output()).contains("SPRING_KAFKA_BOOTSTRAP_SERVERS=127.0.0.1:");
        List<Long> pids = pids();
        assertThat(pids).hasSize(3).doesNotHaveDuplicates().doesNotContain(up.pid(), ProcessHandle.current().pid());
        assertThat(ProcessHandle.of(up.pid()).filter(ProcessHandle::isAlive)).isEmpty();
        assertThat(pids).allSatisfy(
                pid -> assertThat(ProcessHandle.of(pid).filter(NodeProcesses::isAlive)).as("node process %d", pid)
                    .isPresent());
        // And they are one cluster of three brokers at the address cluster.env gives
        String env = Files.readString(clusterDir.resolve("cluster.env"), StandardCharsets.UTF_8);
        String bootstrap = env.lines()
            .filter(l -> l.startsWith("SPRING_KAFKA_BOOTSTRAP_SERVERS="))
            .findFirst()
            .orElseThrow()
            .substring("SPRING_KAFKA_BOOTSTRAP_SERVERS=".length());
        assertThat(bootstrap.split(",")).hasSize(3);
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            assertThat(admin.describeCluster().nodes().get(30, TimeUnit.SECONDS)).extracting(n -> n.id())
                .containsExactlyInAnyOrder(1, 2, 3);
        }

        // When `status` runs
        Cli status = cli("status");

        // Then it says every node is up and the cluster lists three brokers
        assertThat(status.exitCode()).as(status.output()).isZero();
        assertThat(status.output()).contains("node 1 up", "node 2 up", "node 3 up",
                "brokers the cluster lists: [1, 2, 3]");

        // When `down` runs
        Cli down = cli("down");

        // Then it says it stopped each node, the processes are gone and so are the pid
        // files
        assertThat(down.exitCode()).as(down.output()).isZero();
        for (int node = 1; node <= 3; node++) {
            assertThat(down.output()).contains("node " + node + " (pid " + pids.get(node - 1) + ") stopped");
        }
        assertThat(pids).allSatisfy(
                pid -> assertThat(ProcessHandle.of(pid).filter(NodeProcesses::isAlive)).as("node process %d", pid)
                    .isEmpty());
        assertThat(pids()).isEmpty();
        assertThat(clusterDir.resolve("cluster.env")).doesNotExist();
        // And status says they are down
        Cli after = cli("status");
        assertThat(after.exitCode()).isEqualTo(1);
        assertThat(after.output()).contains("node 1 down", "node 2 down", "node 3 down");
    }

    private record Cli(long pid, int exitCode, String output) {
    }

    /** Runs the CLI in a new JVM from the test class path and waits for it to exit. */
    private Cli cli(String command) throws Exception {
        Path output = Files.createTempFile(tempDir, "cli-" + command + "-", ".txt");
        List<String> cmd = new ArrayList<>(NodeCommand.fromTestClasspath()
            .command(
                    List.of("-Xmx128m",
                            "-Dlogback.configurationFile=io/paypipe/embedded/cluster/kafka-cli-logback.xml"),
                    List.of()));
        cmd.set(cmd.size() - 1, KafkaClusterCli.class.getName()); // the CLI's main
                                                                  // instead of the node's
        cmd.add(command);
        cmd.add("--dir=" + clusterDir);
        Process process = new ProcessBuilder(cmd).redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
        await().atMost(Duration.ofSeconds(150)).until(() -> !process.isAlive());
        return new Cli(process.pid(), process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    }

    private List<Long> pids() throws IOException {
        List<Long> pids = new ArrayList<>();
        for (int node = 1; node <= 3; node++) {
            Path file = clusterDir == null ? null : clusterDir.resolve("node-" + node + ".pid");
            if (file != null && Files.exists(file)) {
                pids.add(Long.parseLong(Files.readString(file, StandardCharsets.UTF_8).strip()));
            }
        }
        return pids;
    }

}
