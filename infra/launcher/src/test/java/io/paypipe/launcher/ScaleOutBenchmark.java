package io.paypipe.launcher;

import static io.paypipe.launcher.PipelineFixture.freePort;
import static io.paypipe.launcher.PipelineFixture.settings;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.embedded.cluster.LocalKafkaCluster;
import io.paypipe.embedded.cluster.NodeCommand;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * Issue 16's scale-out figures: a benchmark, never part of the suite (its name matches
 * neither {@code *Test} nor {@code *IntegrationTest}); {@code ./paypipe bench-scale} runs
 * it and it writes {@code docs/scale-out.md}. For each partition count a fresh 3-node
 * cluster ({@link LocalKafkaCluster}, replication 3, min.insync.replicas 2), ingress and
 * one processor in JVMs of their own, then a second and a third processor; after each
 * instance joins, an unreported warm-up round (the JIT, the rebalance), then a measured
 * {@link ScaleOutRound}; last, with three processors, one broker killed (SIGKILL) and the
 * same round once its partitions have new leaders and their in-sync replicas no longer
 * wait for it. It fails only when a round's effects are not exact, never for being slow.
 * Settings: {@code -Dpaypipe.scale.partitions=3,6,12}, {@code .processors=3},
 * {@code .backlog=10000}, {@code .rate=200}, {@code .seconds=20}, {@code .out=} (the
 * page).
 */
class ScaleOutBenchmark {

    static final List<Integer> PARTITIONS = Arrays
        .stream(System.getProperty("paypipe.scale.partitions", "3,6,12").split(","))
        .map(String::trim)
        .map(Integer::valueOf)
        .toList();

    static final int PROCESSORS = Integer.getInteger("paypipe.scale.processors", 3);

    static final int BACKLOG = Integer.getInteger("paypipe.scale.backlog", 10_000);

    static final int RATE = Integer.getInteger("paypipe.scale.rate", 200);

    static final Duration WINDOW = Duration.ofSeconds(Integer.getInteger("paypipe.scale.seconds", 20));

    /** The services' JVMs: the JIT's full tiers, a heap big enough not to matter. */
    static final List<String> JVM = List.of("-Xms512m", "-Xmx1g");

    private static final Duration START = Duration.ofMinutes(4);

    private static final int DOOMED_BROKER = 2;

    @TempDir
    Path dir;

    @Test
    void measuresMoreProcessorsMorePartitionsAndABrokerDown() throws Exception {
        Instant started = Instant.now();
        List<ScaleOutRound.Result> results = new ArrayList<>();
        for (int partitions : PARTITIONS) {
            results.addAll(onCluster(partitions));
        }
        Path out = Path.of(System.getProperty("paypipe.scale.out", "target/scale-out.md"));
        ScaleOutPage.write(out, new ScaleOutPage.Run(started, Instant.now(), BACKLOG, RATE, WINDOW, JVM), results);
        System.out.println("scale-out: written to " + out.toAbsolutePath());
        assertThat(results).hasSize(PARTITIONS.size() * (PROCESSORS + 1));
    }

    private List<ScaleOutRound.Result> onCluster(int partitions) throws Exception {
        List<ScaleOutRound.Result> results = new ArrayList<>();
        try (LocalKafkaCluster cluster = LocalKafkaCluster.start(dir.resolve("kafka-" + partitions),
                NodeCommand.fromTestClasspath())) {
            LocalPipeline.Settings settings = ClusterLoad.productionTopics(settings(cluster.bootstrapServers(), 1000),
                    partitions);
            List<ServiceProcess> services = new ArrayList<>();
            TestInfra db = TestInfra.get();
            JdbcClient jdbc = JdbcClient
                .create(new DriverManagerDataSource(db.jdbcUrl(), db.username(), db.password()));
            try (LocalPipeline sandbox = LocalPipeline.start(settings, EnumSet.of(PipelineService.SANDBOX))) {
                int firstProcessor = freePort();
                // the first processor declares the topics
                started(services, PipelineService.PROCESSOR, settings, firstProcessor);
                started(services, PipelineService.INGRESS, settings, settings.port(PipelineService.INGRESS));
                ScaleOutPorts ports = new ScaleOutPorts(sandbox, settings.port(PipelineService.INGRESS));
                ports.addProcessor(firstProcessor);
                ProductCpu cpu = new ProductCpu(() -> Stream
                    .concat(LongStream.rangeClosed(1, LocalKafkaCluster.NODES)
                        .filter(n -> cluster.isAlive((int) n))
                        .mapToObj(n -> cluster.pid((int) n)), services.stream().map(ServiceProcess::pid))
                    .toList());
                try (OrderPaidWatch watch = new OrderPaidWatch(cluster.bootstrapServers())) {
                    ScaleOutRound round = new ScaleOutRound(sandbox, jdbc, ports, watch, cpu);
                    for (int processors = 1; processors <= PROCESSORS; processors++) {
                        if (processors > 1) {
                            int port = freePort();
                            started(services, PipelineService.PROCESSOR, settings, port);
                            ports.addProcessor(port);
                        }
                        ScaleOutRound.Shape shape = new ScaleOutRound.Shape(partitions, processors,
                                LocalKafkaCluster.NODES);
                        results.add(warmedUp(round, shape));
                    }
                    cluster.kill(DOOMED_BROKER);
                    awaitOutOfEveryIsr(cluster.bootstrapServers(), DOOMED_BROKER);
                    results.add(warmedUp(round,
                            new ScaleOutRound.Shape(partitions, PROCESSORS, LocalKafkaCluster.NODES - 1)));
                }
                System.out.println("scale-out: " + partitions + " partitions, fail acks so far " + ports.failAcks());
            }
            finally {
                ServiceProcess.closeAll(services);
            }
        }
        return results;
    }

    /**
     * An unreported round first (the JIT, a rebalance settling), then the measured one.
     */
    private static ScaleOutRound.Result warmedUp(ScaleOutRound round, ScaleOutRound.Shape shape) throws Exception {
        round.run(shape, BACKLOG / 2, RATE, Duration.ofSeconds(10));
        ScaleOutRound.Result result = round.run(shape, BACKLOG, RATE, WINDOW);
        System.out.printf(
                "scale-out: %s drain %.0f/s (%.3f CPU ms each), idle %.2f cores, at %d/s p50 %.1f p99 %.1f ms%n", shape,
                result.drain().perSecond(), result.drain().cpuMsPerPayment(), result.idle().coresBusy(), RATE,
                result.latency().p50Ms(), result.latency().p99Ms());
        return result;
    }

    private static ServiceProcess started(List<ServiceProcess> all, PipelineService service,
            LocalPipeline.Settings settings, int port) {
        // the processors run the 3 threads of the committed run; the product's default is
        // 2, sized for a single 2-core host running everything
        List<String> extra = service == PipelineService.PROCESSOR ? List.of("--processor.concurrency=3") : List.of();
        ServiceProcess process = ServiceProcess.start(service, settings, port, extra, JVM);
        all.add(process);
        return process.awaitStarted(START);
    }

    /**
     * Waits until no partition of the pipeline's topics has {@code broker} as its leader
     * or in its in-sync replicas (the leaders drop it after replica.lag.time.max.ms):
     * from then on, the load measures the cluster with one broker down, not the wait for
     * it.
     */
    private static void awaitOutOfEveryIsr(String bootstrapServers, int broker) throws Exception {
        List<String> topics = List.of(Topics.PAYMENT_NOTIFY.name(), Topics.ORDER_PAID.name(),
                Topics.ORDER_CREATED.name());
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (true) {
                boolean stillThere = admin.describeTopics(topics)
                    .allTopicNames()
                    .get(10, TimeUnit.SECONDS)
                    .values()
                    .stream()
                    .flatMap(t -> t.partitions().stream())
                    .anyMatch(p -> (p.leader() != null && p.leader().id() == broker)
                            || p.isr().stream().anyMatch(n -> n.id() == broker));
                if (!stillThere) {
                    return;
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("broker " + broker + " still leads or is in sync after 2 minutes");
                }
                TimeUnit.SECONDS.sleep(1);
            }
        }
    }

}
