package io.paypipe.bench.floor;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The producer settings of ingress's {@code payment.notify} producer, so that the Kafka
 * floor is measured like with like. Ingress builds its producer in
 * {@code ingress-service/.../config/IngressConfiguration#notifyProducerFactory}: the
 * {@code spring.kafka.producer.*} keys of its defaults file ({@value #INGRESS_DEFAULTS}),
 * then settings it forces whatever those say. The bench does not depend on
 * ingress-service, so the defaults file is read when it happens to be on the classpath
 * and the forced settings are repeated here ({@link #FORCED}); keep them equal to
 * IngressConfiguration's ({@code IngressProducerSettingsTest} compares them with its
 * source).
 */
public final class IngressProducerSettings {

    static final String INGRESS_DEFAULTS = "io/paypipe/ingress/ingress-defaults.properties";

    private static final String PREFIX = "spring.kafka.producer.";

    /**
     * What IngressConfiguration puts over {@code spring.kafka.producer.*}; the three
     * timeouts are {@code ingress.publish-timeout} (3 s).
     */
    static final Map<String, String> FORCED = forced();

    private IngressProducerSettings() {
    }

    private static Map<String, String> forced() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("acks", "all");
        m.put("enable.idempotence", "true");
        m.put("linger.ms", "0");
        m.put("max.block.ms", "3000");
        m.put("request.timeout.ms", "3000");
        m.put("delivery.timeout.ms", "3000");
        return Map.copyOf(m);
    }

    /** The settings, as Kafka producer config names, in a stable order for the report. */
    public static Map<String, String> settings() {
        Map<String, String> settings = new java.util.TreeMap<>(
                fromDefaults(IngressProducerSettings.class.getClassLoader()));
        settings.putAll(FORCED);
        return settings;
    }

    /**
     * The {@code spring.kafka.producer.*} keys of ingress's defaults file, if it is on
     * the classpath: {@code acks}, {@code properties[linger.ms]} and the like, as Kafka
     * names ({@code batch-size} is {@code batch.size}).
     */
    static Map<String, String> fromDefaults(ClassLoader loader) {
        Map<String, String> found = new LinkedHashMap<>();
        try (InputStream in = loader.getResourceAsStream(INGRESS_DEFAULTS)) {
            if (in == null) {
                return found;
            }
            Properties p = new Properties();
            p.load(in);
            p.stringPropertyNames()
                .stream()
                .filter(k -> k.startsWith(PREFIX))
                .filter(k -> !k.endsWith("serializer") && !k.endsWith("bootstrap-servers")
                        && !k.endsWith("transaction-id-prefix"))
                .forEach(k -> found.put(kafkaName(k.substring(PREFIX.length())), p.getProperty(k)));
            return found;
        }
        catch (IOException e) {
            throw new IllegalStateException("cannot read " + INGRESS_DEFAULTS + ": " + e, e);
        }
    }

    static String kafkaName(String springKey) {
        if (springKey.startsWith("properties[") && springKey.endsWith("]")) {
            return springKey.substring("properties[".length(), springKey.length() - 1);
        }
        if (springKey.startsWith("properties.")) {
            return springKey.substring("properties.".length());
        }
        return springKey.replace('-', '.');
    }

}
