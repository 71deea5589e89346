package io.paypipe.embedded;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.Feature;
import org.apache.kafka.server.common.MetadataVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Apache Kafka broker in KRaft mode (combined broker + controller, node id 1),
 * started in-process from Kafka's production classes. Listens on 127.0.0.1 only.
 *
 * <p>
 * {@link #stop()} / {@link #restart()} keep the ports and the log dir, so clients that
 * were connected before the stop reconnect on their own and previously written records
 * are still there.
 */
public final class EmbeddedKafkaBroker implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedKafkaBroker.class);

    private static final String HOST = "127.0.0.1";

    private static final int NODE_ID = 1;

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    private static final int AUTO_PORT_ATTEMPTS = 3;

    private final Path logDir;

    private volatile int brokerPort;

    private volatile int controllerPort;

    private volatile KafkaRaftServer server;

    private EmbeddedKafkaBroker(Path logDir, int brokerPort, int controllerPort) {
        this.logDir = logDir.toAbsolutePath();
        this.brokerPort = brokerPort;
        this.controllerPort = controllerPort;
    }

    /**
     * Starts a broker on two free ports, storing its data in {@code logDir} (created if
     * missing, reused if formatted).
     */
    public static EmbeddedKafkaBroker start(Path logDir) {
        return start(logDir, 0, 0);
    }

    /**
     * Starts a broker on the given ports ({@code 0} = pick a free one), storing its data
     * in {@code logDir}. Returns once the broker answers metadata requests.
     */
    public static EmbeddedKafkaBroker start(Path logDir, int brokerPort, int controllerPort) {
        boolean autoPorts = brokerPort == 0 || controllerPort == 0;
        for (int attempt = 1;; attempt++) {
            int[] free = FreePorts.distinct(2);
            EmbeddedKafkaBroker broker = new EmbeddedKafkaBroker(logDir, brokerPort == 0 ? free[0] : brokerPort,
                    controllerPort == 0 ? free[1] : controllerPort);
            try {
                broker.startServer();
                return broker;
            }
            catch (RuntimeException e) {
                // A free port may be taken by a concurrent build between probing and
                // binding: try other ones.
                if (autoPorts && attempt < AUTO_PORT_ATTEMPTS && isBindFailure(e)) {
                    log.warn("Kafka broker could not bind {}:{}/{}, retrying on other ports", HOST, broker.brokerPort,
                            broker.controllerPort);
                    continue;
                }
                throw e;
            }
        }
    }

    /** {@code 127.0.0.1:PORT}. */
    public String bootstrapServers() {
        return HOST + ":" + brokerPort;
    }

    public int brokerPort() {
        return brokerPort;
    }

    public int controllerPort() {
        return controllerPort;
    }

    public Path logDir() {
        return logDir;
    }

    public boolean isRunning() {
        return server != null;
    }

    /**
     * Shuts the broker down and waits until it is down. Ports and log dir are kept for
     * {@link #restart()}.
     */
    public synchronized void stop() {
        KafkaRaftServer s = server;
        if (s == null) {
            return;
        }
        server = null;
        long t0 = System.nanoTime();
        try {
            s.shutdown();
            s.awaitShutdown();
        }
        finally {
            log.info("Kafka broker {} stopped in {} ms", bootstrapServers(), millisSince(t0));
        }
    }

    /**
     * Starts the broker again on the SAME ports and log dir (stopping it first if it is
     * running); data is kept.
     */
    public synchronized void restart() {
        stop();
        // The ports were ours a moment ago; give the OS a few tries in case a socket is
        // still being released.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try {
                startServer();
                return;
            }
            catch (RuntimeException e) {
                if (!isBindFailure(e) || System.nanoTime() > deadline) {
                    throw e;
                }
                log.warn("Kafka broker could not re-bind {}:{}/{} yet, retrying", HOST, brokerPort, controllerPort);
                sleepQuietly(200);
            }
        }
    }

    /**
     * Creates topics with replication factor 1; topics that already exist are left alone.
     */
    public void createTopics(Collection<String> names, int partitions) {
        if (names.isEmpty()) {
            return;
        }
        try (Admin admin = Admin.create(adminProps())) {
            List<NewTopic> topics = names.stream().distinct().map(n -> new NewTopic(n, partitions, (short) 1)).toList();
            Map<String, org.apache.kafka.common.KafkaFuture<Void>> results = admin.createTopics(topics).values();
            for (var entry : results.entrySet()) {
                try {
                    entry.getValue().get(30, TimeUnit.SECONDS);
                }
                catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw new IllegalStateException("Could not create topic " + entry.getKey(), e.getCause());
                    }
                }
            }
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while creating topics " + names, e);
        }
        catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("Timed out creating topics " + names, e);
        }
    }

    @Override
    public void close() {
        stop();
    }

    @Override
    public String toString() {
        return "EmbeddedKafkaBroker[" + bootstrapServers() + ", " + logDir
                + (isRunning() ? ", running]" : ", stopped]");
    }

    // ------------------------------------------------------------------------------------------------

    private synchronized void startServer() {
        if (server != null) {
            return;
        }
        long t0 = System.nanoTime();
        try {
            Files.createDirectories(logDir);
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        KafkaConfig config = KafkaConfig.fromProps(brokerProps(), false);
        formatIfNeeded();
        KafkaRaftServer s = new KafkaRaftServer(config, Time.SYSTEM);
        try {
            s.startup();
            awaitReady();
        }
        catch (RuntimeException e) {
            shutdownQuietly(s);
            throw e;
        }
        server = s;
        log.info("Kafka broker started on {} (controller port {}, log dir {}) in {} ms", bootstrapServers(),
                controllerPort, logDir, millisSince(t0));
    }

    private Properties brokerProps() {
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", String.valueOf(NODE_ID));
        p.put("controller.quorum.voters", NODE_ID + "@" + HOST + ":" + controllerPort);
        p.put("listeners", "PLAINTEXT://" + HOST + ":" + brokerPort + ",CONTROLLER://" + HOST + ":" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://" + HOST + ":" + brokerPort);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.put("log.dirs", logDir.toString());
        // single node
        p.put("offsets.topic.replication.factor", "1");
        p.put("offsets.topic.num.partitions", "5");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("transaction.state.log.num.partitions", "5");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        p.put("share.coordinator.state.topic.num.partitions", "1");
        p.put("default.replication.factor", "1");
        p.put("min.insync.replicas", "1");
        p.put("group.initial.rebalance.delay.ms", "0");
        p.put("auto.create.topics.enable", "true");
        p.put("num.partitions", "6");
        // small footprint (2-core machines, many test JVMs)
        p.put("log.segment.bytes", String.valueOf(16 * 1024 * 1024));
        p.put("log.index.size.max.bytes", String.valueOf(1024 * 1024));
        p.put("log.cleaner.dedupe.buffer.size", String.valueOf(2 * 1024 * 1024));
        p.put("log.retention.hours", "168");
        p.put("num.network.threads", "2");
        p.put("num.io.threads", "2");
        p.put("background.threads", "2");
        p.put("num.recovery.threads.per.data.dir", "1");
        p.put("log.cleaner.threads", "1");
        return p;
    }

    private void formatIfNeeded() {
        if (Files.exists(logDir.resolve("meta.properties"))) {
            return; // formatting again with a new cluster id fails, even with
                    // ignoreFormatted
        }
        try {
            new Formatter().setClusterId(Uuid.randomUuid().toString())
                .setNodeId(NODE_ID)
                .setDirectories(List.of(logDir.toString()))
                .setMetadataLogDirectory(logDir.toString())
                .setControllerListenerName("CONTROLLER")
                .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
                .setSupportedFeatures(Feature.PRODUCTION_FEATURES)
                .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                .run();
        }
        catch (Exception e) {
            throw new IllegalStateException("Could not format Kafka log dir " + logDir, e);
        }
    }

    /**
     * Waits until the broker is registered, unfenced and answers metadata requests on its
     * client port.
     */
    private void awaitReady() {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        Exception last = null;
        try (Admin admin = Admin.create(adminProps())) {
            while (System.nanoTime() < deadline) {
                try {
                    if (!admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).isEmpty()) {
                        return;
                    }
                }
                catch (ExecutionException | java.util.concurrent.TimeoutException e) {
                    last = e;
                }
                catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("Interrupted while waiting for Kafka broker", e);
                }
                sleepQuietly(50);
            }
        }
        throw new IllegalStateException(
                "Kafka broker " + bootstrapServers() + " did not become ready within " + READY_TIMEOUT, last);
    }

    private Properties adminProps() {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        p.put(AdminClientConfig.CLIENT_ID_CONFIG, "paypipe-embedded-admin");
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000");
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "30000");
        p.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "200");
        return p;
    }

    private static void shutdownQuietly(KafkaRaftServer s) {
        try {
            s.shutdown();
            s.awaitShutdown();
        }
        catch (RuntimeException e) {
            log.debug("Ignoring failure while shutting down a broker that failed to start", e);
        }
    }

    private static boolean isBindFailure(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BindException) {
                return true;
            }
            String m = t.getMessage();
            if (m != null && (m.contains("Address already in use") || m.contains("failed to bind"))) {
                return true;
            }
        }
        return false;
    }

    static long millisSince(long nanoStart) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanoStart);
    }

    static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted", e);
        }
    }

}
