package io.paypipe.embedded.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;

import io.paypipe.embedded.FreePorts;
import org.apache.kafka.common.Uuid;

/**
 * The cluster id and the nodes' ports of a cluster directory, kept in
 * {@code cluster.properties} so that a cluster started again on the same directory keeps
 * its id (its nodes' storage is formatted with it) and, when they are still free, its
 * ports.
 *
 * @param clusterId the id every node's storage is formatted with
 * @param nodes the ports of nodes 1, 2 and 3
 */
record ClusterLayout(String clusterId, List<NodeSpec.Ports> nodes) {

    static final String FILE = "cluster.properties";

    ClusterLayout {
        nodes = List.copyOf(nodes);
    }

    /**
     * The layout stored in {@code dir}, with new free ports if one of its ports is taken
     * now; a new cluster id and free ports if none is stored.
     */
    static ClusterLayout loadOrCreate(Path dir, int nodeCount) {
        return read(dir, nodeCount).map(stored -> allFree(stored.nodes()) ? stored : stored.withFreshPorts())
            .orElseGet(() -> new ClusterLayout(Uuid.randomUuid().toString(), freshPorts(nodeCount)));
    }

    /** The layout stored in {@code dir}, as it is; empty if none is. */
    static Optional<ClusterLayout> read(Path dir, int nodeCount) {
        Path file = dir.resolve(FILE);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        }
        catch (IOException e) {
            throw new UncheckedIOException("Could not read " + file, e);
        }
        String clusterId = p.getProperty("cluster.id");
        if (clusterId == null || clusterId.isBlank()) {
            throw new IllegalStateException(file + " has no cluster.id; the nodes' storage under " + dir
                    + " is formatted with the one it had: put it back, or delete the directory for a new cluster");
        }
        List<NodeSpec.Ports> stored = new ArrayList<>();
        for (int node = 1; node <= nodeCount; node++) {
            String broker = p.getProperty("node." + node + ".broker.port");
            String controller = p.getProperty("node." + node + ".controller.port");
            if (broker == null || controller == null) {
                return Optional.of(new ClusterLayout(clusterId, freshPorts(nodeCount)));
            }
            stored.add(new NodeSpec.Ports(node, Integer.parseInt(broker), Integer.parseInt(controller)));
        }
        return Optional.of(new ClusterLayout(clusterId, stored));
    }

    /** {@code 127.0.0.1:P1,127.0.0.1:P2,127.0.0.1:P3}. */
    String bootstrapServers() {
        return nodes.stream().map(NodeSpec.Ports::bootstrap).collect(Collectors.joining(","));
    }

    /** The same cluster id on new free ports. */
    ClusterLayout withFreshPorts() {
        return new ClusterLayout(clusterId, freshPorts(nodes.size()));
    }

    void save(Path dir) {
        Properties p = new Properties();
        p.setProperty("cluster.id", clusterId);
        for (NodeSpec.Ports n : nodes) {
            p.setProperty("node." + n.nodeId() + ".broker.port", String.valueOf(n.brokerPort()));
            p.setProperty("node." + n.nodeId() + ".controller.port", String.valueOf(n.controllerPort()));
        }
        try (OutputStream out = Files.newOutputStream(dir.resolve(FILE))) {
            p.store(out, "paypipe local Kafka cluster: the id its nodes' storage is formatted with, and their ports");
        }
        catch (IOException e) {
            throw new UncheckedIOException("Could not write " + dir.resolve(FILE), e);
        }
    }

    private static List<NodeSpec.Ports> freshPorts(int nodeCount) {
        int[] ports = FreePorts.distinct(2 * nodeCount);
        List<NodeSpec.Ports> nodes = new ArrayList<>();
        for (int i = 0; i < nodeCount; i++) {
            nodes.add(new NodeSpec.Ports(i + 1, ports[2 * i], ports[2 * i + 1]));
        }
        return nodes;
    }

    private static boolean allFree(List<NodeSpec.Ports> nodes) {
        for (NodeSpec.Ports n : nodes) {
            if (!isFree(n.brokerPort()) || !isFree(n.controllerPort())) {
                return false;
            }
        }
        return true;
    }

    private static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName(NodeSpec.HOST))) {
            return true;
        }
        catch (IOException e) {
            return false;
        }
    }

}
