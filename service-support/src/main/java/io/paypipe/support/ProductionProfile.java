package io.paypipe.support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.Environment;

/**
 * The profile {@code prod}: each service's production defaults
 * ({@code io/paypipe/<service>/<service>-prod.properties}, over its
 * {@code <service>-defaults.properties}, loaded by a {@code @Profile("prod")} class of
 * the service) — topics replicated 3 times with {@code min.insync.replicas} 2, Kafka, the
 * database and the merchants file required from the environment
 * ({@link #requiredSettings}), the actuator on a management port of its own, the
 * channels' real endpoints. It is the default profile of a service's executable jar
 * ({@link #application}, what its {@code main} runs): {@code java -jar} runs a service as
 * in production unless {@code spring.profiles.active} names other profiles. The local
 * launcher and the tests build their own {@code SpringApplication} and never see it.
 */
public final class ProductionProfile {

    /** The setting that switches the logs to JSON: {@link #logFormat}. */
    public static final String LOG_FORMAT = "PAYPIPE_LOG_FORMAT";

    /** The profile's name. */
    public static final String NAME = "prod";

    /** A setting production takes from the environment only, and its variable. */
    public record Required(String key, String variable) {
    }

    /** What every service needs: Kafka and the database. */
    public static final List<Required> KAFKA_AND_DATABASE = List.of(
            new Required("spring.kafka.bootstrap-servers", "SPRING_KAFKA_BOOTSTRAP_SERVERS"),
            new Required("spring.datasource.url", "SPRING_DATASOURCE_URL"),
            new Required("spring.datasource.username", "SPRING_DATASOURCE_USERNAME"),
            new Required("spring.datasource.password", "SPRING_DATASOURCE_PASSWORD"));

    private ProductionProfile() {
    }

    /**
     * The service's application as its executable jar runs it: {@code prod} is the
     * default profile ({@code spring.profiles.default}).
     */
    public static SpringApplication application(Class<?> service) {
        SpringApplication application = new SpringApplication(service);
        Map<String, Object> defaults = new LinkedHashMap<>();
        defaults.put("spring.profiles.default", NAME);
        defaults.putAll(logFormat(System.getProperty(LOG_FORMAT, System.getenv(LOG_FORMAT))));
        application.setDefaultProperties(defaults);
        return application;
    }

    /**
     * The logging settings {@code PAYPIPE_LOG_FORMAT} (a system property or an
     * environment variable) stands for: {@code json} is Spring Boot's structured console
     * logging in the Logstash format ({@code logging.structured.format.console=logstash}:
     * one JSON object per line, the key lines'
     * {@link io.paypipe.support.logging.LogFields} as top-level fields); anything else,
     * or nothing, plain text. A default only: an explicit
     * {@code logging.structured.format.console} (e.g. {@code ecs}) wins.
     */
    static Map<String, Object> logFormat(@Nullable String format) {
        return "json".equals(format) ? Map.of("logging.structured.format.console", "logstash") : Map.of();
    }

    /**
     * A check, run before any bean of the service is made, that every required setting
     * has a value (the prod properties give each as its variable's placeholder, e.g.
     * {@code spring.datasource.url=${SPRING_DATASOURCE_URL}}, so an unset variable leaves
     * it without one); a password may be empty, nothing else. Fails naming every variable
     * that is missing, not the first setting some bean happens to read.
     */
    public static BeanFactoryPostProcessor requiredSettings(List<Required> common, Required... own) {
        List<Required> required = Stream.concat(common.stream(), Stream.of(own)).toList();
        return beanFactory -> {
            Environment environment = beanFactory.getBean(Environment.class);
            List<Required> missing = new ArrayList<>();
            for (Required setting : required) {
                String value;
                try {
                    value = environment.getProperty(setting.key());
                }
                catch (IllegalArgumentException unresolved) {
                    value = null;
                }
                if (value == null || (value.isBlank() && !setting.key().endsWith(".password"))) {
                    missing.add(setting);
                }
            }
            if (!missing.isEmpty()) {
                throw new IllegalStateException(
                        "The profile prod takes these from the environment, and they are not set: "
                                + missing.stream()
                                    .map(r -> r.variable() + " (" + r.key() + ")")
                                    .collect(Collectors.joining(", "))
                                + ". Set them, or run with another profile (SPRING_PROFILES_ACTIVE, docs/deployment.md)");
            }
        };
    }

}
