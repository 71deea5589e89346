package io.paypipe.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.ContextInitializer;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusUtil;
import io.paypipe.support.logging.LogFields;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.logging.LoggingInitializationContext;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.mock.env.MockEnvironment;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The launcher's logback.xml ({@code ./paypipe run}'s {@code var/paypipe.log}):
 * {@code PAYPIPE_LOG_FORMAT=json} writes one JSON object per line with a key line's
 * fields; without it, the plain text lines as before. Configured in a logger context of
 * its own, from the file the launcher's jar ships.
 */
class LauncherLogFormatTest {

    @TempDir
    Path dir;

    @Test
    void givenJsonFormat_whenABatchIsLogged_thenItsLineIsJsonWithTheIdsAsFields() throws Exception {
        // Given the launcher's configuration with PAYPIPE_LOG_FORMAT=json
        Path file = dir.resolve("paypipe.log");
        LoggerContext context = configured(Map.of("PAYPIPE_LOG_FORMAT", "json", "PAYPIPE_LOG_FILE", file.toString()));

        // When a service logs a key line with its fields, as the processor's batch does
        batchLine(context.getLogger("io.paypipe.processor.transition.PaymentBatchListener"));
        context.stop();

        // Then the file holds one JSON object with the message and every field
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(1);
        JsonNode line = JsonMapper.builder().build().readTree(lines.get(0));
        assertThat(line.path("level").asString()).isEqualTo("INFO");
        assertThat(line.path("formattedMessage").asString())
            .isEqualTo("batch of 2 notifications from payment.notify-3@1200..1201: 2 applied");
        assertThat(fields(line)).containsEntry(LogFields.TOPIC, "payment.notify")
            .containsEntry(LogFields.PARTITION, "3")
            .containsEntry(LogFields.OFFSET, "1200")
            .containsEntry(LogFields.ORDER_KEY, "shop|1900000100|ORDER-1")
            .containsEntry(LogFields.TRADE_NO, "4200000000000000000000000001")
            .containsEntry(LogFields.OUTCOME, "applied")
            .containsEntry(LogFields.DURATION_MS, "41");
    }

    @Test
    void givenNoFormat_whenABatchIsLogged_thenItsLineIsPlainText() throws Exception {
        // Given the launcher's configuration as ./paypipe run uses it by default
        Path file = dir.resolve("paypipe.log");
        LoggerContext context = configured(Map.of("PAYPIPE_LOG_FILE", file.toString()));

        // When the same line is logged
        batchLine(context.getLogger("io.paypipe.processor.transition.PaymentBatchListener"));
        context.stop();

        // Then it is the plain text line
        assertThat(Files.readAllLines(file)).singleElement()
            .asString()
            .matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3} INFO  \\[.*\\] .*PaymentBatchListener - batch of 2 notifications"
                    + " from payment.notify-3@1200..1201: 2 applied");
    }

    @Test
    void givenJsonFormat_whenSpringBootLoadsTheConfigurationAsForTheServices_thenTheFileIsJson() throws Exception {
        // Given PAYPIPE_LOG_FORMAT=json, and Spring Boot loading the launcher's file as
        // it
        // does when the launcher starts a service
        Path file = dir.resolve("paypipe.log");
        System.setProperty("PAYPIPE_LOG_FORMAT", "json");
        System.setProperty("PAYPIPE_LOG_FILE", file.toString());
        LoggerContext global = (LoggerContext) LoggerFactory.getILoggerFactory();
        LoggingSystem boot = LoggingSystem.get(getClass().getClassLoader());
        try {
            boot.beforeInitialize();
            boot.initialize(new LoggingInitializationContext(new MockEnvironment()), "classpath:logback.xml", null);

            // When a service logs a key line
            batchLine(LoggerFactory.getLogger("io.paypipe.processor.transition.PaymentBatchListener"));
            boot.cleanUp();
            global.stop();

            // Then it is a JSON object with its fields
            assertThat(Files.readAllLines(file)).singleElement()
                .satisfies(l -> assertThat(fields(JsonMapper.builder().build().readTree(l)))
                    .containsEntry(LogFields.ORDER_KEY, "shop|1900000100|ORDER-1")
                    .containsEntry(LogFields.OFFSET, "1200"));
        }
        finally {
            // the next test classes of this JVM log as before (logback-test.xml)
            System.clearProperty("PAYPIPE_LOG_FORMAT");
            System.clearProperty("PAYPIPE_LOG_FILE");
            global.reset();
            global.start();
            new ContextInitializer(global).autoConfig();
        }
    }

    private static void batchLine(Logger log) {
        log.atInfo()
            .addKeyValue(LogFields.TOPIC, "payment.notify")
            .addKeyValue(LogFields.PARTITION, 3)
            .addKeyValue(LogFields.OFFSET, 1200L)
            .addKeyValue(LogFields.ORDER_KEY, "shop|1900000100|ORDER-1")
            .addKeyValue(LogFields.TRADE_NO, "4200000000000000000000000001")
            .addKeyValue(LogFields.OUTCOME, "applied")
            .addKeyValue(LogFields.DURATION_MS, 41L)
            .log("batch of {} notifications from {}: {} applied", 2, "payment.notify-3@1200..1201", 2);
    }

    private static LoggerContext configured(Map<String, String> properties) throws Exception {
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new LogbackMDCAdapter());
        properties.forEach(context::putProperty);
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(LocalLauncher.class.getResource("/logback.xml"));
        assertThat(new StatusUtil(context).getHighestLevel(0)).as("the configuration's status")
            .isLessThan(Status.ERROR);
        return context;
    }

    /** logback's JsonEncoder lists the key-value pairs as one-entry objects. */
    private static Map<String, String> fields(JsonNode line) {
        Map<String, String> fields = new java.util.LinkedHashMap<>();
        line.path("kvpList")
            .forEach(pair -> pair.properties().forEach(e -> fields.put(e.getKey(), e.getValue().asString())));
        return fields;
    }

}
