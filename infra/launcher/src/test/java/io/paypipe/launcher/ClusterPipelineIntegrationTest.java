package io.paypipe.launcher;

import static io.paypipe.launcher.PipelineFixture.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.auditor.AuditReport;
import io.paypipe.auditor.AuditScope;
import io.paypipe.auditor.Auditor;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.embedded.cluster.LocalKafkaCluster;
import io.paypipe.embedded.cluster.NodeCommand;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Issue 16, the product as production runs it: a 3-node Apache Kafka cluster in three
 * processes ({@link LocalKafkaCluster}: three brokers, a three-voter controller quorum),
 * topics as production makes them (12 partitions, 3 replicas, min.insync.replicas 2), and
 * every service in a JVM of its own: two ingress, two processors, one refund-service, one
 * reconcile-service ({@link ServiceProcess}). The channel sandbox (the test's merchants
 * and signatures, the order system) and the reference downstream consumers run in the
 * test's JVM. A steady stream of signed WeChat callbacks goes to BOTH ingress instances
 * (each notification to one and its duplicate to the other, resent until acknowledged as
 * a channel does); mid-run one broker is killed (SIGKILL: the partitions it led move to
 * another) and restarted, then one processor is killed (a consumer-group rebalance) and
 * restarted. Then: every acknowledged order is PAID once (one raw row, one ledger row),
 * its OrderPaid reached the warehouse once, the leaders did move, and the auditor, having
 * read every order.paid record, finds nothing.
 */
class ClusterPipelineIntegrationTest {

    private static final int ORDERS = Integer.getInteger("cluster.orders", 240);

    private static final Duration START = Duration.ofMinutes(4);

    @TempDir
    Path dir;

    @Test
    void aBrokerAndAProcessorKilledMidRunLoseNothingAndDoubleNothing() throws Exception {
        String prefix = "CL" + UUID.randomUUID().toString().replace("-", "").substring(0, 8).toUpperCase() + "-";
        try (LocalKafkaCluster cluster = LocalKafkaCluster.start(dir.resolve("kafka"),
                NodeCommand.fromTestClasspath())) {
            LocalPipeline.Settings settings = ClusterLoad.productionTopics(settings(cluster.bootstrapServers(), 1000));
            settings = withExtras(settings, PipelineService.PROCESSOR,
                    List.of("spring.kafka.consumer.properties.session.timeout.ms=6000",
                            "spring.kafka.consumer.properties.heartbeat.interval.ms=1000"));
            int ingressB = freePort();
            List<ServiceProcess> services = new ArrayList<>();
            try (LocalPipeline sandbox = LocalPipeline.start(settings, EnumSet.of(PipelineService.SANDBOX))) {
                // Given the processors first (they declare the topics), then the rest,
                // each in
                // its own JVM
                ServiceProcess processorA = started(services,
                        ServiceProcess.start(PipelineService.PROCESSOR, settings, freePort(), List.of()));
                ServiceProcess processorB = started(services,
                        ServiceProcess.start(PipelineService.PROCESSOR, settings, freePort(), List.of()));
                processorA.awaitStarted(START);
                processorB.awaitStarted(START);
                List<ServiceProcess> rest = List.of(
                        started(services,
                                ServiceProcess.start(PipelineService.INGRESS, settings,
                                        settings.port(PipelineService.INGRESS), List.of())),
                        started(services, ServiceProcess.start(PipelineService.INGRESS, settings, ingressB, List.of())),
                        started(services,
                                ServiceProcess.start(PipelineService.REFUND, settings,
                                        settings.port(PipelineService.REFUND), List.of())),
                        started(services, ServiceProcess.start(PipelineService.RECONCILE, settings,
                                settings.port(PipelineService.RECONCILE), List.of())));
                rest.forEach(s -> s.awaitStarted(START));
                try (LocalPipeline downstream = LocalPipeline.start(settings, EnumSet.of(PipelineService.DOWNSTREAM));
                        Admin admin = Admin
                            .create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()))) {
                    JdbcClient jdbc = jdbc(downstream, PipelineService.DOWNSTREAM);
                    int doomedBroker = 2;
                    Set<Integer> ledByDoomed = ledBy(admin, doomedBroker);

                    // When the callbacks stream in, with a broker killed at 25 % and back
                    // at 45 %,
                    // processor B killed at 60 % and back at 80 %
                    List<String> events = new ArrayList<>();
                    boolean[] leadersMoved = { false };
                    IntConsumer chaos = n -> {
                        if (n == ORDERS / 4) {
                            cluster.kill(doomedBroker);
                            events.add("broker " + doomedBroker + " killed at order " + n);
                        }
                        else if (n == ORDERS * 45 / 100) {
                            cluster.restart(doomedBroker);
                            events.add("broker " + doomedBroker + " restarted at order " + n);
                        }
                        else if (n == ORDERS * 6 / 10) {
                            events.add("processor B killed at order " + n + ", exit " + processorB.kill());
                        }
                        else if (n == ORDERS * 8 / 10) {
                            processorB.restart();
                            events.add("processor B restarted at order " + n);
                        }
                        if (n > ORDERS / 4 && n < ORDERS * 45 / 100 && !leadersMoved[0]) {
                            leadersMoved[0] = ledBy(admin, doomedBroker).isEmpty();
                        }
                    };
                    ClusterLoad.Delivered delivered = new ClusterLoad(sandbox, prefix,
                            List.of(settings.port(PipelineService.INGRESS), ingressB))
                        .run(ORDERS, chaos);
                    System.out.println("cluster: " + events + "; " + delivered);

                    // Then every order is PAID once: one raw row (its duplicate
                    // recognised on
                    // the other ingress), one ledger row, and shipped once
                    await().atMost(Duration.ofMinutes(4))
                        .pollInterval(Duration.ofSeconds(1))
                        .untilAsserted(() -> assertThat(count(jdbc,
                                "SELECT COUNT(*) FROM orders WHERE status = 'PAID' AND out_trade_no LIKE :p", prefix))
                            .isEqualTo(ORDERS));
                    assertThat(count(jdbc, "SELECT COUNT(*) FROM pay_notify_raw WHERE out_trade_no LIKE :p", prefix))
                        .isEqualTo(ORDERS);
                    assertThat(count(jdbc, """
                            SELECT COUNT(*) FROM payment_ledger l JOIN orders o ON o.id = l.order_id
                             WHERE o.out_trade_no LIKE :p""", prefix)).isEqualTo(ORDERS);
                    await().atMost(Duration.ofMinutes(2))
                        .untilAsserted(() -> assertThat(
                                count(jdbc, "SELECT COUNT(*) FROM shipment WHERE out_trade_no LIKE :p", prefix))
                            .isEqualTo(ORDERS));
                    // and the kill moved leaders: the partitions broker 2 led have
                    // another
                    assertThat(ledByDoomed).as("payment.notify partitions led by broker %d before", doomedBroker)
                        .isNotEmpty();
                    assertThat(leadersMoved[0]).as("leaders while broker %d was down", doomedBroker).isTrue();
                    // and both ingress instances acknowledged callbacks
                    assertThat(delivered.ackedPerIngress()).allSatisfy(acked -> assertThat(acked).isPositive());

                    // And the independent auditor finds nothing, having read every
                    // order.paid
                    long orderPaidRecords = OrderPaidSnapshot.readToEnd(cluster.bootstrapServers()).records();
                    AuditReport report = new Auditor(
                            downstream.bean(PipelineService.DOWNSTREAM, javax.sql.DataSource.class),
                            cluster.bootstrapServers(), Clock.systemUTC())
                        .audit(AuditScope.outTradeNoPrefix(prefix), Duration.ofHours(4));
                    System.out.print(report.render());
                    assertThat(report.violations()).as(report.render()).isEmpty();
                    assertThat(report.orderPaidRecordsRead()).isGreaterThanOrEqualTo(orderPaidRecords)
                        .isGreaterThanOrEqualTo(ORDERS);
                    assertThat(report.checked("payment_ledger rows checked against " + Topics.ORDER_PAID.name()))
                        .isEqualTo(ORDERS);
                }
            }
            finally {
                ServiceProcess.closeAll(services);
            }
        }
    }

    /** The payment.notify partitions {@code broker} leads now. */
    private static Set<Integer> ledBy(Admin admin, int broker) {
        TopicDescription description;
        try {
            description = admin.describeTopics(List.of(Topics.PAYMENT_NOTIFY.name()))
                .allTopicNames()
                .get(10, TimeUnit.SECONDS)
                .get(Topics.PAYMENT_NOTIFY.name());
        }
        catch (Exception e) {
            throw new IllegalStateException("cannot describe " + Topics.PAYMENT_NOTIFY.name(), e);
        }
        return description.partitions()
            .stream()
            .filter(p -> p.leader() != null && p.leader().id() == broker)
            .map(TopicPartitionInfo::partition)
            .collect(Collectors.toSet());
    }

    private static ServiceProcess started(List<ServiceProcess> all, ServiceProcess service) {
        all.add(service);
        return service;
    }

    private static long count(JdbcClient jdbc, String sql, String prefix) {
        return jdbc.sql(sql).param("p", prefix + "%").query(Long.class).single();
    }

}
