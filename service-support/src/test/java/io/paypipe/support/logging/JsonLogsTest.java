package io.paypipe.support.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.ContextInitializer;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.support.ProductionProfile;
import io.paypipe.support.failure.TransientRecordException;
import io.paypipe.support.inbound.FailedAttempts;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.LoggerFactory;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code PAYPIPE_LOG_FORMAT=json} on a service's application as its executable jar builds
 * it ({@link ProductionProfile#application}): Spring Boot's own logging, structured
 * (Logstash), one JSON object per line, a key line's ids as top-level fields. This
 * module's tests have no logback-test.xml: Boot configures logging as in production.
 */
@ExtendWith(OutputCaptureExtension.class)
class JsonLogsTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:15:30Z");

    private static final PaymentNotified NOTICE = new PaymentNotified(PaymentNotified.idFor(7), 7, Channel.WECHATPAY,
            new OrderKey(TenantId.of("shop"), MerchantId.of("1900000100"), OutTradeNo.of("ORDER-1")), null,
            ChannelTradeNo.of("4200000000000000000000000001"), PaymentState.SUCCEEDED, "SUCCESS", Money.of(100, "CNY"),
            Money.of(100, "CNY"), NOW, NOW);

    @Configuration(proxyBeanMethods = false)
    static class NoBeans {

    }

    @AfterEach
    void plainLogsAgain() throws Exception {
        System.clearProperty(ProductionProfile.LOG_FORMAT);
        // the next test classes of this JVM log as they did before
        LoggingSystem.get(getClass().getClassLoader()).cleanUp();
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        new ContextInitializer(context).autoConfig();
    }

    @Test
    void givenJsonFormat_whenAnAttemptFails_thenItsLineIsOneJsonObjectWithTheIdsAsFields(CapturedOutput output) {
        // Given a service application with PAYPIPE_LOG_FORMAT=json
        System.setProperty(ProductionProfile.LOG_FORMAT, "json");
        var application = ProductionProfile.application(NoBeans.class);
        application.setWebApplicationType(WebApplicationType.NONE);
        try (ConfigurableApplicationContext context = application.run()) {
            // When the retry path logs a failed attempt
            FailedAttempts attempts = new FailedAttempts("raw", (rawId, error, at) -> {
            }, Clock.fixed(NOW, ZoneOffset.UTC));
            assertThatThrownBy(() -> attempts.counting(NOTICE, () -> {
                throw new TransientRecordException("database down", null) {
                };
            })).isInstanceOf(TransientRecordException.class);
        }

        // Then its line parses as JSON and carries the order key, the raw id and the
        // outcome as fields, beside the message
        List<String> lines = output.getOut().lines().filter(l -> l.contains("attempt at raw 7")).toList();
        assertThat(lines).hasSize(1);
        JsonNode line = JsonMapper.builder().build().readTree(lines.get(0));
        assertThat(line.path("level").asString()).isEqualTo("WARN");
        assertThat(line.path("logger_name").asString()).isEqualTo(FailedAttempts.class.getName());
        assertThat(line.path("message").asString()).startsWith("attempt at raw 7 for order shop|1900000100|ORDER-1");
        assertThat(line.path(LogFields.ORDER_KEY).asString()).isEqualTo("shop|1900000100|ORDER-1");
        assertThat(line.path(LogFields.RAW_ID).asLong()).isEqualTo(7);
        assertThat(line.path(LogFields.OUTCOME).asString()).isEqualTo("attempt-failed");
        // and the application's own start lines are JSON too
        assertThat(output.getOut().lines().filter(l -> l.contains("Started ") && l.contains(" seconds")))
            .singleElement()
            .satisfies(l -> assertThat(JsonMapper.builder().build().readTree(l).has("@timestamp")).isTrue());
    }

}
