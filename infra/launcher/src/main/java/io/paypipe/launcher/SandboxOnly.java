package io.paypipe.launcher;

import io.paypipe.sandbox.SandboxApplication;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code --only=sandbox}: the channel sandbox alone in this JVM (the benchmark runs it
 * apart, so that its RSA signing is not counted as the product's CPU), with the arguments
 * the launcher gives it when it runs everything: the merchants file it writes, its
 * settlements file, its notifications pushed to ingress on its usual port. It needs no
 * database, and the broker only for its order system ({@code POST /sandbox/orders}, which
 * publishes {@code order.created}): from {@code SPRING_KAFKA_BOOTSTRAP_SERVERS} when set,
 * else none (that endpoint then fails; the benchmark creates its orders itself). No
 * embedded infrastructure is started, and {@code connection.env} is not written: it is
 * the launcher's, which knows where the broker and the database are.
 */
final class SandboxOnly {

    /** The database auto-configurations the sandbox context has no use for. */
    static final List<String> NO_DATABASE = List.of(
            "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
            "org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration");

    private static final String EXCLUDE = "--spring.autoconfigure.exclude=";

    private SandboxOnly() {
    }

    /**
     * The sandbox's arguments: the pipeline's for it, without a database; the pipeline's
     * own exclusions stay in the one exclusion list.
     */
    static List<String> arguments(LocalPipeline.Settings settings, boolean withBroker) {
        List<String> args = new ArrayList<>();
        List<String> excluded = new ArrayList<>(NO_DATABASE);
        for (String arg : settings.arguments(PipelineService.SANDBOX)) {
            if (arg.startsWith(EXCLUDE)) {
                excluded.add(arg.substring(EXCLUDE.length()));
            }
            else if (!arg.startsWith("--spring.datasource.")
                    && (withBroker || !arg.startsWith("--spring.kafka.bootstrap-servers="))) {
                args.add(arg);
            }
        }
        args.add(EXCLUDE + String.join(",", excluded));
        return args;
    }

    /** Starts the sandbox; its context closes with the JVM. */
    static ConfigurableApplicationContext start(LocalPipeline.Settings settings, boolean withBroker) {
        return new SpringApplicationBuilder(SandboxApplication.class)
            .run(arguments(settings, withBroker).toArray(String[]::new));
    }

    /** Settings for the sandbox alone: no database, the broker when one is named. */
    static LocalPipeline.Settings settings(String kafka, Path merchantsFile) {
        return LocalPipeline.Settings.of(kafka == null ? "" : kafka, "", "", "", merchantsFile);
    }

}
