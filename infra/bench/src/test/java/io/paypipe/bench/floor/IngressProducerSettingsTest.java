package io.paypipe.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IngressProducerSettingsTest {

    /** The tests run in infra/bench; ingress-service is two folders up. */
    private static final Path INGRESS = Path.of("../../ingress-service/src/main");

    @TempDir
    Path dir;

    @Test
    void theForcedSettingsAreThoseIngressConfigurationPutsOnItsProducer() throws Exception {
        // Given what ingress's producer factory forces, read from its source
        String source = Files.readString(INGRESS.resolve("java/io/paypipe/ingress/config/IngressConfiguration.java"));
        Properties defaults = new Properties();
        try (var in = Files.newInputStream(INGRESS.resolve("resources/" + IngressProducerSettings.INGRESS_DEFAULTS))) {
            defaults.load(in);
        }
        String timeoutMs = Long.toString(millis(defaults.getProperty("ingress.publish-timeout")));
        Map<String, String> inIngress = new HashMap<>();
        Matcher put = Pattern.compile("config\\.put\\(ProducerConfig\\.(\\w+)_CONFIG,\\s*([^)]+)\\);").matcher(source);
        while (put.find()) {
            String value = put.group(2).trim().replace("\"", "");
            inIngress.put(put.group(1).toLowerCase().replace('_', '.'), value.equals("timeoutMs") ? timeoutMs : value);
        }

        // Then the floor uses the same, no more and no fewer
        assertThat(inIngress).isNotEmpty();
        assertThat(IngressProducerSettings.FORCED).isEqualTo(inIngress);
        assertThat(IngressProducerSettings.settings()).containsAllEntriesOf(inIngress);
    }

    @Test
    void givenIngressDefaultsOnTheClasspath_thenItsProducerKeysAreReadAsKafkaNames() throws Exception {
        Path file = dir.resolve(IngressProducerSettings.INGRESS_DEFAULTS);
        Files.createDirectories(file.getParent());
        Files.writeString(file, """
                spring.kafka.bootstrap-servers=localhost:9092
                spring.kafka.producer.batch-size=65536
                spring.kafka.producer.compression-type=lz4
                spring.kafka.producer.properties[linger.ms]=5
                spring.kafka.producer.key-serializer=org.example.Nope
                server.port=8081
                """);

        try (URLClassLoader loader = new URLClassLoader(new URL[] { dir.toUri().toURL() }, null)) {
            assertThat(IngressProducerSettings.fromDefaults(loader)).containsOnly(Map.entry("batch.size", "65536"),
                    Map.entry("compression.type", "lz4"), Map.entry("linger.ms", "5"));
        }
    }

    @Test
    void givenNoIngressOnTheClasspath_thenTheForcedSettingsAlone() throws Exception {
        try (URLClassLoader empty = new URLClassLoader(new URL[0], null)) {
            assertThat(IngressProducerSettings.fromDefaults(empty)).isEmpty();
        }
        assertThat(IngressProducerSettings.settings()).containsEntry("acks", "all")
            .containsEntry("enable.idempotence", "true");
    }

    private static long millis(String duration) {
        Matcher m = Pattern.compile("(\\d+)(ms|s)").matcher(duration.trim());
        assertThat(m.matches()).as("ingress.publish-timeout %s", duration).isTrue();
        return Long.parseLong(m.group(1)) * (m.group(2).equals("s") ? 1000 : 1);
    }

}
