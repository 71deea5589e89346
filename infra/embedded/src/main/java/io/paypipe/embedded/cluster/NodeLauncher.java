package io.paypipe.embedded.cluster;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts one node's process of a cluster directory: {@code node-N/} its log dir,
 * {@code node-N.log} its stdout and stderr (appended to, one marker line per start), the
 * directory its working directory, no stdin.
 *
 * @param dir the cluster's directory (absolute)
 * @param command how to start a node's JVM
 * @param layout the cluster id and every node's ports
 * @param detached whether the node gets a session of its own ({@code setsid}), apart from
 * the terminal of whoever started it
 */
record NodeLauncher(Path dir, NodeCommand command, ClusterLayout layout, boolean detached) {

    private static final Logger log = LoggerFactory.getLogger(NodeLauncher.class);

    /**
     * 384 MB of heap per node; the serial collector (one node's GC does not take both
     * cores from the other two); the node's own logging configuration (WARN, and the
     * node's lifecycle at INFO).
     */
    static final List<String> NODE_JVM_OPTIONS = List.of("-Xms64m", "-Xmx384m", "-XX:+UseSerialGC",
            "-XX:+ExitOnOutOfMemoryError",
            "-Dlogback.configurationFile=io/paypipe/embedded/cluster/kafka-node-logback.xml");

    private static final Path SETSID = Path.of("/usr/bin/setsid");

    /**
     * A node's process just started.
     *
     * @param node the node id
     * @param process its process
     * @param logOffset where this start's output begins in the node's log
     */
    record Launched(int node, Process process, long logOffset) {
    }

    Path logFile(int node) {
        return dir.resolve("node-" + node + ".log");
    }

    Launched launch(int node) {
        NodeSpec spec = new NodeSpec(node, dir.resolve("node-" + node), layout.clusterId(), layout.nodes());
        List<String> cmd = new ArrayList<>();
        if (detached && Files.isExecutable(SETSID)) {
            cmd.add(SETSID.toString());
        }
        cmd.addAll(command.command(NODE_JVM_OPTIONS, spec.toArgs()));
        Path logFile = logFile(node);
        try {
            Files.writeString(logFile, "---- paypipe: starting Kafka node " + node + " at " + Instant.now() + "\n",
                    StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            long offset = Files.size(logFile);
            ProcessBuilder builder = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()));
            File devNull = new File("/dev/null");
            if (devNull.exists()) {
                builder.redirectInput(ProcessBuilder.Redirect.from(devNull));
            }
            Process p = builder.start();
            log.info("Kafka node {} starting (pid {}): broker {}, controller {}, log {}", node, p.pid(),
                    spec.own().bootstrap(), spec.own().controllerPort(), logFile);
            return new Launched(node, p, offset);
        }
        catch (IOException e) {
            throw new UncheckedIOException("Could not start Kafka node " + node + ": " + cmd, e);
        }
    }

}
