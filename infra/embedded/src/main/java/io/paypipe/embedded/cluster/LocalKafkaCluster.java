package io.paypipe.embedded.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.paypipe.embedded.cluster.NodeProcesses.Stopped;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A local Apache Kafka cluster of three {@link KafkaClusterNode} processes (three brokers
 * and a three-voter KRaft controller quorum) on 127.0.0.1, its data under one directory:
 * {@code node-N/} (log dir), {@code node-N.log} (the node's output),
 * {@code cluster.properties} (cluster id and ports, kept for the next start).
 *
 * <p>
 * {@link #start} ties the nodes to this JVM (a shutdown hook kills what is left when it
 * exits: tests); {@link #startDetached} leaves them running after this JVM exits, each in
 * a session of its own ({@code setsid}) so that the terminal's Ctrl-C does not reach them
 * ({@code ./paypipe cluster up}).
 */
public final class LocalKafkaCluster implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LocalKafkaCluster.class);

    public static final int NODES = 3;

    static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

    static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    private static final Duration KILL_TIMEOUT = Duration.ofSeconds(30);

    private static final Duration REBIND_TIMEOUT = Duration.ofSeconds(20);

    private static final int START_ATTEMPTS = 3;

    private final NodeLauncher launcher;

    private final Map<Integer, Process> processes = new TreeMap<>();

    private final Thread exitHook;

    private LocalKafkaCluster(NodeLauncher launcher) {
        this.launcher = launcher;
        this.exitHook = launcher.detached() ? null : new Thread(this::killAll, "paypipe-kafka-cluster-exit");
    }

    /**
     * Starts three nodes under {@code dir} (created if missing; a cluster stored there
     * before is started again with its data) and returns once every broker is registered.
     * The nodes are killed when this JVM exits, if {@link #close()} has not stopped them
     * before.
     */
    public static LocalKafkaCluster start(Path dir, NodeCommand command) {
        return start(dir, command, false);
    }

    /** As {@link #start}, but the nodes outlive this JVM. */
    public static LocalKafkaCluster startDetached(Path dir, NodeCommand command) {
        return start(dir, command, true);
    }

    private static LocalKafkaCluster start(Path dir, NodeCommand command, boolean detached) {
        Path absolute = dir.toAbsolutePath().normalize();
        try {
            Files.createDirectories(absolute);
        }
        catch (IOException e) {
            throw new UncheckedIOException("Could not create " + absolute, e);
        }
        ClusterLayout layout = ClusterLayout.loadOrCreate(absolute, NODES);
        for (int attempt = 1;; attempt++) {
            LocalKafkaCluster cluster = new LocalKafkaCluster(new NodeLauncher(absolute, command, layout, detached));
            long t0 = System.nanoTime();
            try {
                cluster.startNodes();
                layout.save(absolute);
                log.info("Kafka cluster of {} nodes up on {} in {} ms, data under {}", NODES,
                        cluster.bootstrapServers(), Duration.ofNanos(System.nanoTime() - t0).toMillis(), absolute);
                return cluster;
            }
            catch (RuntimeException e) {
                cluster.killAll();
                cluster.removeExitHook();
                // a free port may be taken by another build between probing and binding
                if (!(e instanceof NodeFailedException failed && failed.bindFailure()) || attempt == START_ATTEMPTS) {
                    throw e;
                }
                log.warn("Kafka cluster could not bind its ports {}, retrying on others", layout.nodes());
                layout = layout.withFreshPorts();
            }
        }
    }

    /** {@code 127.0.0.1:P1,127.0.0.1:P2,127.0.0.1:P3}. */
    public String bootstrapServers() {
        return launcher.layout().bootstrapServers();
    }

    public String clusterId() {
        return launcher.layout().clusterId();
    }

    public Path dir() {
        return launcher.dir();
    }

    /** The node's broker (client) port. */
    public int brokerPort(int node) {
        return ports(node).brokerPort();
    }

    /** The node's controller (quorum) port. */
    public int controllerPort(int node) {
        return ports(node).controllerPort();
    }

    /** The node's stdout and stderr. */
    public Path logFile(int node) {
        ports(node);
        return launcher.logFile(node);
    }

    /** The pid of the node's current process (running or not). */
    public synchronized long pid(int node) {
        return process(node).pid();
    }

    public synchronized boolean isAlive(int node) {
        return process(node).isAlive();
    }

    /**
     * SIGKILL: the node gets no chance to shut down; returns once the process is gone.
     */
    public synchronized void kill(int node) {
        Process p = process(node);
        NodeProcesses.kill(p, KILL_TIMEOUT);
        log.info("Kafka node {} (pid {}) killed", node, p.pid());
    }

    /**
     * SIGTERM (Kafka's controlled shutdown), SIGKILL if it has not exited after 30 s;
     * returns once the process is gone.
     */
    public synchronized Stopped stop(int node) {
        Process p = process(node);
        if (!p.isAlive()) {
            return Stopped.NOT_RUNNING;
        }
        p.destroy();
        Stopped stopped = NodeProcesses.awaitOrKill(p, STOP_TIMEOUT);
        log.info("Kafka node {} (pid {}): {}", node, p.pid(), stopped);
        return stopped;
    }

    /**
     * Starts the node again on its ports and log dir (stopping it first if it runs) and
     * returns once it serves again. Its partitions' replicas catch up and rejoin the ISR
     * after that, as Kafka's do.
     */
    public synchronized void restart(int node) {
        if (isAlive(node)) {
            stop(node);
        }
        long deadline = System.nanoTime() + REBIND_TIMEOUT.toNanos();
        while (true) {
            try {
                startAndAwait(List.of(node));
                return;
            }
            catch (NodeFailedException e) {
                // the port may still be held by the process that just went away
                if (!e.bindFailure() || System.nanoTime() > deadline) {
                    throw e;
                }
                log.warn("Kafka node {} could not bind its ports yet, starting it again", node);
                NodeProcesses.sleep(500);
            }
        }
    }

    /** Stops every node (SIGTERM to all at once, SIGKILL to any left after 30 s). */
    @Override
    public synchronized void close() {
        removeExitHook();
        Set<Integer> alive = processes.entrySet()
            .stream()
            .filter(e -> e.getValue().isAlive())
            .map(Map.Entry::getKey)
            .collect(Collectors.toSet());
        alive.forEach(node -> processes.get(node).destroy()); // SIGTERM to all at once
        processes.forEach((node, p) -> {
            Stopped stopped = alive.contains(node) ? NodeProcesses.awaitOrKill(p, STOP_TIMEOUT) : Stopped.NOT_RUNNING;
            log.info("Kafka node {} (pid {}): {}", node, p.pid(), stopped);
        });
    }

    @Override
    public String toString() {
        return "LocalKafkaCluster[" + bootstrapServers() + ", " + dir() + "]";
    }

    private synchronized void startNodes() {
        if (exitHook != null) {
            Runtime.getRuntime().addShutdownHook(exitHook);
        }
        startAndAwait(IntStream.rangeClosed(1, NODES).boxed().toList());
    }

    private void startAndAwait(List<Integer> nodes) {
        List<NodeLauncher.Launched> started = nodes.stream().map(launcher::launch).toList();
        started.forEach(l -> processes.put(l.node(), l.process()));
        ServingWait.await(started, bootstrapServers(), launcher::logFile, READY_TIMEOUT);
    }

    private NodeSpec.Ports ports(int node) {
        return launcher.layout()
            .nodes()
            .stream()
            .filter(n -> n.nodeId() == node)
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no node " + node + " (nodes are 1 to " + NODES + ")"));
    }

    private Process process(int node) {
        ports(node);
        Process p = processes.get(node);
        if (p == null) {
            throw new IllegalStateException("Kafka node " + node + " was never started");
        }
        return p;
    }

    private void killAll() {
        processes.values().forEach(Process::destroyForcibly);
    }

    private void removeExitHook() {
        if (exitHook == null) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(exitHook);
        }
        catch (IllegalStateException | IllegalArgumentException e) {
            // the JVM is exiting already (the hook runs), or it was never added
        }
    }

}
