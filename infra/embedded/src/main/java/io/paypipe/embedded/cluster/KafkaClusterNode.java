package io.paypipe.embedded.cluster;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.Feature;
import org.apache.kafka.server.common.MetadataVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One node of the local 3-node Apache Kafka cluster, in a JVM of its own
 * ({@link LocalKafkaCluster} starts three): Kafka's production {@link KafkaRaftServer}
 * with {@code process.roles=broker,controller}, listening on 127.0.0.1 only.
 *
 * <p>
 * Why each node is both a broker and a controller: three JVMs instead of six on a 2-core
 * machine (the dedicated controllers would cost as much memory and startup as the
 * brokers), and the result is still three brokers and a three-voter controller quorum
 * (static {@code controller.quorum.voters}), which keeps a majority when one node is
 * lost: a node can be SIGKILLed or restarted while producers with {@code acks=all} go on
 * writing to the other two.
 *
 * <p>
 * The storage is formatted with the cluster id on the node's first start and kept as it
 * is on later starts (formatting again would fail on the stored cluster id). The settings
 * are production's where they decide what survives a lost node: replication 3 and
 * {@code min.insync.replicas=2} for every topic Kafka or a client creates, the same for
 * the consumer offsets and the transaction state, no unclean leader election, no
 * automatic topic creation (the services create their topics). Internal topics have 12
 * partitions rather than 50, and the threads and index sizes are small: three nodes share
 * two cores.
 *
 * <p>
 * Prints {@code paypipe-kafka-node N up …} on stdout once the broker serves (registered
 * and unfenced). SIGTERM shuts the node down as Kafka's own {@code kafka.Kafka} does
 * (controlled shutdown: its partitions' leadership moves to the other nodes first).
 */
public final class KafkaClusterNode {

    private static final Logger log = LoggerFactory.getLogger(KafkaClusterNode.class);

    /** The start of the line a node prints when it serves. */
    public static final String UP_LINE = "paypipe-kafka-node ";

    private KafkaClusterNode() {
    }

    public static void main(String[] args) {
        NodeSpec spec;
        try {
            spec = NodeSpec.parse(args);
        }
        catch (RuntimeException e) {
            System.err.println("paypipe-kafka-node: " + e.getMessage()
                    + "; usage: --node-id=N --dir=DIR --cluster-id=ID --nodes=1:BROKER:CONTROLLER,2:…,3:…");
            System.exit(2);
            return;
        }
        long t0 = System.nanoTime();
        KafkaRaftServer server;
        try {
            Files.createDirectories(spec.dir());
            KafkaConfig config = KafkaConfig.fromProps(properties(spec), false);
            formatIfNeeded(spec);
            server = new KafkaRaftServer(config, Time.SYSTEM);
        }
        catch (Exception e) {
            log.error("Kafka node {} could not be prepared in {}", spec.nodeId(), spec.dir(), e);
            System.err.println("paypipe-kafka-node " + spec.nodeId() + " failed to start: " + e);
            System.exit(1);
            return;
        }
        KafkaRaftServer running = server;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            long s0 = System.nanoTime();
            running.shutdown();
            running.awaitShutdown();
            System.out.println("paypipe-kafka-node " + spec.nodeId() + " stopped in " + millisSince(s0) + " ms");
        }, "paypipe-kafka-node-shutdown"));
        try {
            server.startup();
        }
        catch (Throwable e) {
            log.error("Kafka node {} failed to start", spec.nodeId(), e);
            System.err.println("paypipe-kafka-node " + spec.nodeId() + " failed to start: " + e);
            System.exit(1);
            return;
        }
        NodeSpec.Ports own = spec.own();
        System.out.println(UP_LINE + spec.nodeId() + " up: broker " + own.bootstrap() + ", controller " + NodeSpec.HOST
                + ":" + own.controllerPort() + ", pid " + ProcessHandle.current().pid() + ", log dir " + spec.dir()
                + ", in " + millisSince(t0) + " ms");
        server.awaitShutdown();
    }

    static Properties properties(NodeSpec spec) {
        NodeSpec.Ports own = spec.own();
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", String.valueOf(spec.nodeId()));
        p.put("controller.quorum.voters", spec.voters());
        p.put("listeners",
                "PLAINTEXT://" + own.bootstrap() + ",CONTROLLER://" + NodeSpec.HOST + ":" + own.controllerPort());
        p.put("advertised.listeners", "PLAINTEXT://" + own.bootstrap());
        p.put("controller.listener.names", "CONTROLLER");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.put("log.dirs", spec.dir().toString());
        // production's durability: an acknowledged record is on two nodes, one node may
        // be lost
        p.put("default.replication.factor", "3");
        p.put("min.insync.replicas", "2");
        p.put("offsets.topic.replication.factor", "3");
        p.put("transaction.state.log.replication.factor", "3");
        p.put("transaction.state.log.min.isr", "2");
        p.put("share.coordinator.state.topic.replication.factor", "3");
        p.put("share.coordinator.state.topic.min.isr", "2");
        p.put("unclean.leader.election.enable", "false");
        p.put("auto.create.topics.enable", "false");
        p.put("num.partitions", "12");
        p.put("group.initial.rebalance.delay.ms", "0");
        // three nodes on two cores
        p.put("offsets.topic.num.partitions", "12");
        p.put("transaction.state.log.num.partitions", "12");
        p.put("share.coordinator.state.topic.num.partitions", "3");
        p.put("log.segment.bytes", String.valueOf(64 * 1024 * 1024));
        p.put("log.index.size.max.bytes", String.valueOf(1024 * 1024));
        p.put("log.cleaner.dedupe.buffer.size", String.valueOf(4 * 1024 * 1024));
        p.put("num.network.threads", "2");
        p.put("num.io.threads", "2");
        p.put("num.replica.fetchers", "1");
        p.put("background.threads", "2");
        p.put("num.recovery.threads.per.data.dir", "1");
        p.put("log.cleaner.threads", "1");
        return p;
    }

    /**
     * Formats the log dir with the cluster id unless it holds a {@code meta.properties}
     * already (formatting again fails, whatever the id).
     */
    private static void formatIfNeeded(NodeSpec spec) throws Exception {
        Path dir = spec.dir();
        if (Files.exists(dir.resolve("meta.properties"))) {
            log.info("Kafka node {}: log dir {} formatted already, kept", spec.nodeId(), dir);
            return;
        }
        new Formatter().setClusterId(spec.clusterId())
            .setNodeId(spec.nodeId())
            .setDirectories(List.of(dir.toString()))
            .setMetadataLogDirectory(dir.toString())
            .setControllerListenerName("CONTROLLER")
            .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
            .setSupportedFeatures(Feature.PRODUCTION_FEATURES)
            .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
            .run();
        log.info("Kafka node {}: log dir {} formatted for cluster {}", spec.nodeId(), dir, spec.clusterId());
    }

    private static long millisSince(long nanoStart) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanoStart);
    }

}
