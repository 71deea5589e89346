package io.paypipe.embedded.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * Waits until nodes just started serve: each printed its up line since its start (its
 * broker registered and unfenced, its listeners open) and the cluster lists it among its
 * brokers. Fails at once, with the end of its log, when one's process exits.
 */
final class ServingWait {

    private static final long POLL_MILLIS = 200;

    private ServingWait() {
    }

    static void await(List<NodeLauncher.Launched> started, String bootstrapServers, IntFunction<Path> logFile,
            Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Set<Integer> nodes = started.stream().map(NodeLauncher.Launched::node).collect(Collectors.toSet());
        try (ClusterProbe probe = new ClusterProbe(bootstrapServers)) {
            while (true) {
                for (NodeLauncher.Launched l : started) {
                    if (!l.process().isAlive()) {
                        String tail = NodeProcesses.tail(logFile.apply(l.node()), 40);
                        throw new NodeFailedException(
                                "Kafka node " + l.node() + " (pid " + l.process().pid() + ") exited with code "
                                        + l.process().exitValue() + " before it served; the end of "
                                        + logFile.apply(l.node()) + ":\n" + tail,
                                tail.contains("Address already in use"));
                    }
                }
                Set<Integer> up = started.stream()
                    .filter(l -> NodeProcesses.readFrom(logFile.apply(l.node()), l.logOffset())
                        .contains(KafkaClusterNode.UP_LINE + l.node() + " up"))
                    .map(NodeLauncher.Launched::node)
                    .collect(Collectors.toSet());
                // the admin client only once they listen: before, it logs a warning per
                // attempt
                Set<Integer> registered = up.equals(nodes) ? probe.brokers() : Set.of();
                if (registered.containsAll(nodes)) {
                    return;
                }
                if (System.nanoTime() > deadline) {
                    String tails = nodes.stream()
                        .map(n -> "---- the end of " + logFile.apply(n) + ":\n"
                                + NodeProcesses.tail(logFile.apply(n), 20))
                        .collect(Collectors.joining("\n"));
                    throw new NodeFailedException("Kafka nodes " + nodes + " not all serving after "
                            + timeout.toSeconds() + " s (printed up: " + up + ", brokers the cluster lists: "
                            + registered + "; " + probe.lastFailure() + ")\n" + tails, false);
                }
                NodeProcesses.sleep(POLL_MILLIS);
            }
        }
    }

}
