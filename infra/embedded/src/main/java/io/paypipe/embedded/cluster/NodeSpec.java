package io.paypipe.embedded.cluster;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What one {@link KafkaClusterNode} process is told on its command line: its node id, its
 * own log dir, the cluster id, and the ports of every node of the cluster (its own
 * included), as {@code --node-id=1 --dir=/abs/node-1 --cluster-id=ID
 * --nodes=1:BROKER:CONTROLLER,2:…,3:…}.
 *
 * @param nodeId this node's id
 * @param dir this node's log dir (absolute)
 * @param clusterId the cluster id all nodes share
 * @param nodes every node's ports, by node id
 */
public record NodeSpec(int nodeId, Path dir, String clusterId, List<Ports> nodes) {

    /** Every node listens on this address only. */
    public static final String HOST = "127.0.0.1";

    public NodeSpec {
        dir = dir.toAbsolutePath().normalize();
        nodes = List.copyOf(nodes);
        if (nodes.stream().noneMatch(n -> n.nodeId() == nodeId)) {
            throw new IllegalArgumentException("node " + nodeId + " is not among the nodes " + nodes);
        }
    }

    /**
     * One node's two ports.
     *
     * @param nodeId the node
     * @param brokerPort its client (PLAINTEXT) listener
     * @param controllerPort its controller (KRaft quorum) listener
     */
    public record Ports(int nodeId, int brokerPort, int controllerPort) {

        String bootstrap() {
            return HOST + ":" + brokerPort;
        }

        String voter() {
            return nodeId + "@" + HOST + ":" + controllerPort;
        }

        @Override
        public String toString() {
            return nodeId + ":" + brokerPort + ":" + controllerPort;
        }

        static Ports parse(String text) {
            String[] parts = text.split(":");
            if (parts.length != 3) {
                throw new IllegalArgumentException("not NODE:BROKER_PORT:CONTROLLER_PORT: " + text);
            }
            return new Ports(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
        }

    }

    /** This node's ports. */
    public Ports own() {
        return nodes.stream().filter(n -> n.nodeId() == nodeId).findFirst().orElseThrow();
    }

    /** {@code controller.quorum.voters}: {@code 1@127.0.0.1:P1,2@…,3@…}. */
    String voters() {
        return nodes.stream().map(Ports::voter).collect(Collectors.joining(","));
    }

    /** The arguments {@link #parse(String[])} reads back. */
    public List<String> toArgs() {
        return List.of("--node-id=" + nodeId, "--dir=" + dir, "--cluster-id=" + clusterId,
                "--nodes=" + nodes.stream().map(Ports::toString).collect(Collectors.joining(",")));
    }

    /** Reads {@code --key=value} arguments as {@link #toArgs()} writes them. */
    public static NodeSpec parse(String[] args) {
        Map<String, String> values = Arrays.stream(args).map(a -> {
            if (!a.startsWith("--") || !a.contains("=")) {
                throw new IllegalArgumentException("expected --key=value, got '" + a + "'");
            }
            return a.substring(2).split("=", 2);
        }).collect(Collectors.toMap(kv -> kv[0], kv -> kv[1], (a, b) -> b));
        Function<String, String> required = key -> {
            String v = values.get(key);
            if (v == null || v.isBlank()) {
                throw new IllegalArgumentException("missing --" + key + "=…");
            }
            return v;
        };
        List<Ports> nodes = new ArrayList<>();
        for (String n : required.apply("nodes").split(",")) {
            nodes.add(Ports.parse(n));
        }
        return new NodeSpec(Integer.parseInt(required.apply("node-id")), Path.of(required.apply("dir")),
                required.apply("cluster-id"), nodes);
    }

}
