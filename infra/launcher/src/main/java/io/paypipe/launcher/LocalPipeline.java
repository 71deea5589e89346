package io.paypipe.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The product's services, each in its own Spring application context inside this JVM,
 * wired to one broker and one database. Used by the local launcher and by the end-to-end
 * tests. Every setting is passed as a command-line argument, so it wins over each
 * service's own defaults.
 */
public final class LocalPipeline implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LocalPipeline.class);

    /**
     * Spring Boot's Logback metrics: counted by a turbo filter it adds to the Logback
     * context, one per application context that has it, which Logback asks on every log
     * call before the level check. The launcher's services share that context, so only
     * the processor keeps it (its {@code logback.events} counts the whole JVM's events);
     * a service's own jar in production has its own.
     */
    static final String LOGBACK_METRICS = "org.springframework.boot.micrometer.metrics.autoconfigure.logging.logback"
            + ".LogbackMetricsAutoConfiguration";

    /**
     * @param timeCompression divides the sandbox's re-push delays (1 = real time)
     * @param extra more arguments per service, e.g.
     * {@code processor.retry-delays=50ms,100ms}
     * @param accounts the operator accounts every service but the sandbox gets (their
     * hashes); the demo and the tests sign in with them
     */
    public record Settings(String bootstrapServers, String jdbcUrl, String dbUser, String dbPassword,
            Path merchantsFile, Map<PipelineService, Integer> ports, long timeCompression,
            Map<PipelineService, Map<String, String>> extra, LocalAccounts accounts) {

        /** Fresh random accounts ({@link LocalAccounts#random()}). */
        public Settings(String bootstrapServers, String jdbcUrl, String dbUser, String dbPassword, Path merchantsFile,
                Map<PipelineService, Integer> ports, long timeCompression,
                Map<PipelineService, Map<String, String>> extra) {
            this(bootstrapServers, jdbcUrl, dbUser, dbPassword, merchantsFile, ports, timeCompression, extra,
                    LocalAccounts.random());
        }

        /** Every service on its default port, nothing extra, fresh random accounts. */
        public static Settings of(String bootstrapServers, String jdbcUrl, String dbUser, String dbPassword,
                Path merchantsFile) {
            Map<PipelineService, Integer> ports = new EnumMap<>(PipelineService.class);
            for (PipelineService s : PipelineService.values()) {
                ports.put(s, s.defaultPort());
            }
            return new Settings(bootstrapServers, jdbcUrl, dbUser, dbPassword, merchantsFile, ports, 1, Map.of());
        }

        public Settings withAccounts(LocalAccounts newAccounts) {
            return new Settings(bootstrapServers, jdbcUrl, dbUser, dbPassword, merchantsFile, ports, timeCompression,
                    extra, newAccounts);
        }

        public Settings withPorts(Map<PipelineService, Integer> newPorts) {
            return new Settings(bootstrapServers, jdbcUrl, dbUser, dbPassword, merchantsFile, newPorts, timeCompression,
                    extra, accounts);
        }

        public Settings withTimeCompression(long factor) {
            return new Settings(bootstrapServers, jdbcUrl, dbUser, dbPassword, merchantsFile, ports, factor, extra,
                    accounts);
        }

        public Settings withExtra(PipelineService service, String key, String value) {
            Map<PipelineService, Map<String, String>> copy = new EnumMap<>(PipelineService.class);
            extra.forEach((s, m) -> copy.put(s, new LinkedHashMap<>(m)));
            copy.computeIfAbsent(service, s -> new LinkedHashMap<>()).put(key, value);
            return new Settings(bootstrapServers, jdbcUrl, dbUser, dbPassword, merchantsFile, ports, timeCompression,
                    copy, accounts);
        }

        public int port(PipelineService service) {
            return ports.getOrDefault(service, service.defaultPort());
        }

        /** The command-line arguments that start {@code service} in this pipeline. */
        public List<String> arguments(PipelineService service) {
            Map<String, String> args = new LinkedHashMap<>();
            args.put("spring.kafka.bootstrap-servers", bootstrapServers);
            args.put("spring.datasource.url", jdbcUrl);
            args.put("spring.datasource.username", dbUser);
            args.put("spring.datasource.password", dbPassword);
            args.put("server.port", Integer.toString(port(service)));
            args.put("spring.main.banner-mode", "off");
            args.put("ingress.merchants-file", merchantsFile.toString());
            args.put("sandbox.merchants-file", merchantsFile.toString());
            args.put("sandbox.notify-base-url", "http://127.0.0.1:" + port(PipelineService.INGRESS));
            args.put("sandbox.time-compression", Long.toString(timeCompression));
            // refund-service: the merchants' outbound keys, and the sandbox playing each
            // channel's refund API
            String sandbox = "http://127.0.0.1:" + port(PipelineService.SANDBOX);
            args.put("refund.merchants-file", merchantsFile.toString());
            args.put("refund.wechatpay.base-url", sandbox);
            args.put("refund.alipay.gateway-url", sandbox + "/sandbox/alipay/gateway.do");
            args.put("refund.stripe.api-base", sandbox + "/sandbox/stripe");
            // reconcile-service: the same keys and channels for the active query
            args.put("reconcile.merchants-file", merchantsFile.toString());
            args.put("reconcile.wechatpay.base-url", sandbox);
            args.put("reconcile.alipay.gateway-url", sandbox + "/sandbox/alipay/gateway.do");
            args.put("reconcile.stripe.api-base", sandbox + "/sandbox/stripe");
            // springdoc (refund-service's OpenAPI description) is on this one classpath:
            // only refund-service serves one
            if (service != PipelineService.REFUND) {
                args.put("springdoc.api-docs.enabled", "false");
            }
            // the operator accounts (hashes): every service but the sandbox, which plays
            // the channels and signs nobody in
            if (service != PipelineService.SANDBOX) {
                args.putAll(accounts.properties());
            }
            // the console's actions: refund-service, reconcile-service and
            // ingress-service
            // (re-derive) of this pipeline, asked with the console's service account
            if (service == PipelineService.PROCESSOR) {
                args.putAll(accounts.consoleProperties());
                args.put("processor.console.refund-url", "http://127.0.0.1:" + port(PipelineService.REFUND));
                args.put("processor.console.reconcile-url", "http://127.0.0.1:" + port(PipelineService.RECONCILE));
                args.put("processor.console.ingress-url", "http://127.0.0.1:" + port(PipelineService.INGRESS));
            }
            // one logback_events counter for the JVM (LOGBACK_METRICS)
            if (service != PipelineService.PROCESSOR) {
                args.put("spring.autoconfigure.exclude", LOGBACK_METRICS);
            }
            args.putAll(extra.getOrDefault(service, Map.of()));
            return args.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue()).toList();
        }
    }

    private final Settings settings;

    private final Map<PipelineService, ConfigurableApplicationContext> running = new EnumMap<>(PipelineService.class);

    private LocalPipeline(Settings settings) {
        this.settings = settings;
    }

    /** Starts {@code services} in the enum's order. */
    public static LocalPipeline start(Settings settings, Set<PipelineService> services) {
        LocalPipeline pipeline = new LocalPipeline(settings);
        try {
            for (PipelineService service : EnumSet.copyOf(services)) {
                pipeline.start(service);
            }
        }
        catch (RuntimeException e) {
            pipeline.close();
            throw e;
        }
        return pipeline;
    }

    public static LocalPipeline startAll(Settings settings) {
        return start(settings, EnumSet.allOf(PipelineService.class));
    }

    public synchronized ConfigurableApplicationContext start(PipelineService service) {
        if (running.containsKey(service)) {
            throw new IllegalStateException(service + " is running already");
        }
        long started = System.nanoTime();
        ConfigurableApplicationContext context = new SpringApplicationBuilder(service.application())
            .registerShutdownHook(false)
            .run(settings.arguments(service).toArray(String[]::new));
        running.put(service, context);
        log.info("{} started on port {} in {} ms", service, settings.port(service),
                (System.nanoTime() - started) / 1_000_000);
        return context;
    }

    /** Closes one service's context, as a clean shutdown. */
    public synchronized void stop(PipelineService service) {
        ConfigurableApplicationContext context = running.remove(service);
        if (context != null) {
            context.close();
        }
    }

    public synchronized boolean isRunning(PipelineService service) {
        return running.containsKey(service);
    }

    public synchronized ConfigurableApplicationContext context(PipelineService service) {
        ConfigurableApplicationContext context = running.get(service);
        if (context == null) {
            throw new IllegalStateException(service + " is not running");
        }
        return context;
    }

    public <T> T bean(PipelineService service, Class<T> type) {
        return context(service).getBean(type);
    }

    public Settings settings() {
        return settings;
    }

    /** Closes every running service, the last started first. */
    @Override
    public synchronized void close() {
        List<PipelineService> order = new ArrayList<>(running.keySet());
        java.util.Collections.reverse(order);
        for (PipelineService service : order) {
            try {
                stop(service);
            }
            catch (RuntimeException e) {
                log.warn("{} did not close cleanly: {}", service, e.toString());
            }
        }
    }

}
