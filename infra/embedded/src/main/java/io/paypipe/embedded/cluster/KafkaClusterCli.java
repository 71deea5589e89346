package io.paypipe.embedded.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import io.paypipe.embedded.cluster.NodeProcesses.Stopped;

/**
 * {@code ./paypipe cluster up|down|status [--dir=var/cluster]}: the local 3-node Kafka
 * cluster ({@link LocalKafkaCluster}) as a person runs it beside the services.
 * <ul>
 * <li>{@code up} starts the three nodes detached, writes {@code cluster.env}
 * ({@code SPRING_KAFKA_BOOTSTRAP_SERVERS=…}) and one {@code node-N.pid} per node, prints
 * the bootstrap servers and exits, the nodes running on;</li>
 * <li>{@code down} stops the nodes of the pid files (SIGTERM, SIGKILL after 30 s) and
 * removes the pid files and {@code cluster.env};</li>
 * <li>{@code status} says for each node whether it runs, and which brokers the cluster
 * lists.</li>
 * </ul>
 * Exit 0 done (all up, for {@code status}), 1 not, 2 a usage error.
 */
public final class KafkaClusterCli {

    static final String DEFAULT_DIR = "var/cluster";

    static final String ENV_FILE = "cluster.env";

    private final Path dir;

    private final PrintStream out;

    private final PrintStream err;

    KafkaClusterCli(Path dir, PrintStream out, PrintStream err) {
        this.dir = dir;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        String usage = "usage: ./paypipe cluster up|down|status [--dir=" + DEFAULT_DIR + "]";
        if (args.length == 0 || args.length > 2 || (args.length == 2 && !args[1].startsWith("--dir="))) {
            err.println(usage);
            return 2;
        }
        Path dir = Path.of(args.length == 2 ? args[1].substring("--dir=".length()) : DEFAULT_DIR);
        KafkaClusterCli cli = new KafkaClusterCli(dir, out, err);
        return switch (args[0]) {
            case "up" -> cli.up();
            case "down" -> cli.down();
            case "status" -> cli.status();
            default -> {
                err.println(usage);
                yield 2;
            }
        };
    }

    int up() {
        TreeMap<Integer, ProcessHandle> running = runningNodes();
        if (running.size() == LocalKafkaCluster.NODES) {
            out.println("paypipe cluster: already up under " + dir + " (pids " + pids(running) + "): "
                    + ClusterLayout.read(dir.toAbsolutePath(), LocalKafkaCluster.NODES)
                        .map(ClusterLayout::bootstrapServers)
                        .orElse("?"));
            return 0;
        }
        if (!running.isEmpty()) {
            err.println("paypipe cluster: nodes " + running.keySet() + " still run under " + dir + " (pids "
                    + pids(running) + "); ./paypipe cluster down first");
            return 1;
        }
        out.println("paypipe cluster: starting 3 Kafka nodes (each a broker and a controller) under " + dir);
        long t0 = System.nanoTime();
        LocalKafkaCluster cluster;
        try {
            cluster = LocalKafkaCluster.startDetached(dir, NodeCommand.forThisJvm());
        }
        catch (RuntimeException e) {
            err.println("paypipe cluster: the cluster did not start: " + e.getMessage());
            return 1;
        }
        for (int node = 1; node <= LocalKafkaCluster.NODES; node++) {
            write(pidFile(node), cluster.pid(node) + "\n");
            out.printf("  node %d  pid %-7d broker 127.0.0.1:%d  controller 127.0.0.1:%d  log %s%n", node,
                    cluster.pid(node), cluster.brokerPort(node), cluster.controllerPort(node),
                    dir.resolve("node-" + node + ".log"));
        }
        write(dir.resolve(ENV_FILE), "# the local Kafka cluster of ./paypipe cluster up (cluster id "
                + cluster.clusterId() + ")\nSPRING_KAFKA_BOOTSTRAP_SERVERS=" + cluster.bootstrapServers() + "\n");
        out.println("paypipe cluster: up in " + Duration.ofNanos(System.nanoTime() - t0).toMillis() + " ms; "
                + "SPRING_KAFKA_BOOTSTRAP_SERVERS=" + cluster.bootstrapServers() + " (in " + dir.resolve(ENV_FILE)
                + "); stop it with ./paypipe cluster down");
        return 0;
    }

    int down() {
        TreeMap<Integer, ProcessHandle> running = runningNodes();
        long t0 = System.nanoTime();
        running.values().forEach(ProcessHandle::destroy); // SIGTERM to all at once
        boolean allGone = true;
        for (int node = 1; node <= LocalKafkaCluster.NODES; node++) {
            ProcessHandle process = running.get(node);
            if (process == null) {
                out.println("paypipe cluster: node " + node + " was not running");
            }
            else {
                Stopped stopped = NodeProcesses.awaitOrKill(process, LocalKafkaCluster.STOP_TIMEOUT);
                long millis = Duration.ofNanos(System.nanoTime() - t0).toMillis();
                allGone &= !NodeProcesses.isAlive(process);
                out.println("paypipe cluster: node " + node + " (pid " + process.pid() + ") " + switch (stopped) {
                    case TERMINATED -> "stopped (SIGTERM) in " + millis + " ms";
                    case KILLED -> "did not stop within " + LocalKafkaCluster.STOP_TIMEOUT.toSeconds()
                            + " s of SIGTERM: killed (SIGKILL)";
                    case NOT_RUNNING -> "had exited already";
                });
            }
            delete(pidFile(node));
        }
        delete(dir.resolve(ENV_FILE));
        return allGone ? 0 : 1;
    }

    int status() {
        Optional<ClusterLayout> layout = ClusterLayout.read(dir.toAbsolutePath(), LocalKafkaCluster.NODES);
        if (layout.isEmpty()) {
            out.println("paypipe cluster: no cluster under " + dir + " (./paypipe cluster up starts one)");
            return 1;
        }
        TreeMap<Integer, ProcessHandle> running = runningNodes();
        for (NodeSpec.Ports node : layout.get().nodes()) {
            ProcessHandle process = running.get(node.nodeId());
            out.println("node " + node.nodeId() + " " + (process == null ? "down" : "up    pid " + process.pid())
                    + "  broker " + node.bootstrap());
        }
        if (running.isEmpty()) {
            return 1;
        }
        Set<Integer> brokers;
        try (ClusterProbe probe = new ClusterProbe(layout.get().bootstrapServers())) {
            brokers = probe.brokers();
            out.println("brokers the cluster lists: "
                    + (brokers.isEmpty() ? "none (" + probe.lastFailure() + ")" : new java.util.TreeSet<>(brokers)));
        }
        return running.size() == LocalKafkaCluster.NODES && brokers.size() == LocalKafkaCluster.NODES ? 0 : 1;
    }

    /**
     * The nodes whose pid file names a running process that is that node (its command
     * line names the node's directory: a pid reused by another process is left alone).
     */
    private TreeMap<Integer, ProcessHandle> runningNodes() {
        TreeMap<Integer, ProcessHandle> running = new TreeMap<>();
        for (int node = 1; node <= LocalKafkaCluster.NODES; node++) {
            Path file = pidFile(node);
            if (!Files.exists(file)) {
                continue;
            }
            long pid;
            try {
                pid = Long.parseLong(Files.readString(file, StandardCharsets.UTF_8).strip());
            }
            catch (IOException | NumberFormatException e) {
                err.println("paypipe cluster: " + file + " does not hold a pid (" + e.getMessage() + "); ignored");
                continue;
            }
            String nodeDir = "--dir=" + dir.toAbsolutePath().normalize().resolve("node-" + node);
            Optional<ProcessHandle> process = ProcessHandle.of(pid).filter(NodeProcesses::isAlive);
            if (process.isPresent() && NodeProcesses.commandLine(process.get())
                .filter(c -> c.contains(KafkaClusterNode.class.getName()) && c.contains(nodeDir))
                .isPresent()) {
                running.put(node, process.get());
            }
        }
        return running;
    }

    private Path pidFile(int node) {
        return dir.resolve("node-" + node + ".pid");
    }

    private static String pids(TreeMap<Integer, ProcessHandle> running) {
        return running.values().stream().map(p -> String.valueOf(p.pid())).toList().toString();
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        }
        catch (IOException e) {
            throw new UncheckedIOException("Could not write " + file, e);
        }
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        }
        catch (IOException e) {
            throw new UncheckedIOException("Could not delete " + file, e);
        }
    }

}
