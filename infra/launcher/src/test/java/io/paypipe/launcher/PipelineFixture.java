package io.paypipe.launcher;

import static org.awaitility.Awaitility.await;

import io.paypipe.embedded.FreePorts;
import io.paypipe.embedded.TestInfra;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.order.SandboxOrders;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Fixture factories for end-to-end tests: the pipeline on the shared broker and database,
 * unique keys per test.
 */
final class PipelineFixture {

    private PipelineFixture() {
    }

    /**
     * The processor's retry ladder in tests: about 10 s in all, like the sandbox's
     * compressed re-pushes.
     */
    static final String RETRY_DELAYS = "100ms,200ms,400ms,800ms,1s,2s,2s,2s,2s";

    /**
     * How long an end-to-end wait may take instead of Awaitility's 10 s: a freshly
     * started pipeline's consumers may take a while to join on a slow host.
     */
    static final Duration PIPELINE_WAIT = Duration.ofSeconds(60);

    /**
     * Settings on free ports, with the sandbox's re-push delays divided by
     * {@code timeCompression}.
     */
    static LocalPipeline.Settings settings(String bootstrapServers, long timeCompression) {
        TestInfra infra = TestInfra.get();
        return settings(bootstrapServers, infra.jdbcUrl(), infra.username(), infra.password(), timeCompression);
    }

    /** The same on another database. */
    static LocalPipeline.Settings settings(String bootstrapServers, String jdbcUrl, String user, String password,
            long timeCompression) {
        Map<PipelineService, Integer> ports = new EnumMap<>(PipelineService.class);
        for (PipelineService s : PipelineService.values()) {
            ports.put(s, freePort());
        }
        Path dir = tempDir();
        return LocalPipeline.Settings.of(bootstrapServers, jdbcUrl, user, password, dir.resolve("merchants.yaml"))
            .withPorts(ports)
            .withTimeCompression(timeCompression)
            .withExtra(PipelineService.PROCESSOR, "processor.retry-delays", RETRY_DELAYS)
            // the watchdog's Kafka Streams state of this pipeline only: the default under
            // java.io.tmpdir is locked by any other JVM on the machine running one
            .withExtra(PipelineService.RECONCILE, "reconcile.watch.state-dir",
                    dir.resolve("reconcile-watch").toString());
    }

    /**
     * {@code settings} with every {@code key=value} of {@code extra} added for
     * {@code service}.
     */
    static LocalPipeline.Settings withExtras(LocalPipeline.Settings settings, PipelineService service,
            List<String> extra) {
        for (String kv : extra) {
            int eq = kv.indexOf('=');
            settings = settings.withExtra(service, kv.substring(0, eq), kv.substring(eq + 1));
        }
        return settings;
    }

    static LocalPipeline.Settings settings() {
        return settings(TestInfra.get().bootstrapServers(), 1000);
    }

    static String newOutTradeNo() {
        return "E2E" + UUID.randomUUID().toString().replace("-", "").substring(0, 24).toUpperCase();
    }

    static String firstMerchant(LocalPipeline pipeline) {
        return pipeline.bean(PipelineService.SANDBOX, SandboxMerchants.class).firstWechatPay().merchantId();
    }

    static SandboxOrders orders(LocalPipeline pipeline) {
        return pipeline.bean(PipelineService.SANDBOX, SandboxOrders.class);
    }

    static WechatPayPayments payments(LocalPipeline pipeline) {
        return pipeline.bean(PipelineService.SANDBOX, WechatPayPayments.class);
    }

    static JdbcClient jdbc(LocalPipeline pipeline, PipelineService service) {
        return JdbcClient.create(pipeline.bean(service, DataSource.class));
    }

    /** A pending order, once the processor has stored it. */
    static void givenPendingOrder(LocalPipeline pipeline, JdbcClient jdbc, String outTradeNo, long fen) {
        orders(pipeline).create(firstMerchant(pipeline), outTradeNo, fen);
        await().atMost(PIPELINE_WAIT).until(() -> status(jdbc, outTradeNo).equals("PENDING"));
    }

    static String status(JdbcClient jdbc, String outTradeNo) {
        return jdbc.sql("SELECT status FROM orders WHERE out_trade_no = :o")
            .param("o", outTradeNo)
            .query(String.class)
            .optional()
            .orElse("ABSENT");
    }

    static DemoCounts counts(JdbcClient jdbc, String outTradeNo) {
        return DemoCounts.read(jdbc, outTradeNo);
    }

    private static Path tempDir() {
        try {
            Path dir = Files.createTempDirectory("paypipe-e2e");
            dir.toFile().deleteOnExit();
            return dir;
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static int freePort() {
        return FreePorts.one();
    }

}
