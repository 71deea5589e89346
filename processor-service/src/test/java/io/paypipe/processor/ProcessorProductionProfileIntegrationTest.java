package io.paypipe.processor;

import io.paypipe.support.testing.TestAccounts;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.embedded.TestInfra;
import io.paypipe.support.ProductionProfile;
import io.paypipe.support.topic.FloorCheckingKafkaAdmin;
import io.paypipe.processor.config.ProcessorProperties;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * processor-service as its executable jar starts it
 * ({@link ProductionProfile#application}, what {@code main} runs): the profile
 * {@code prod} by default, configured by the variables docs/deployment.md names, given
 * here as properties of the same names. The embedded broker has one node and the topics
 * of the other tests have 6 partitions, so the floors are lowered to them; everything
 * else is production's.
 */
class ProcessorProductionProfileIntegrationTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void givenOnlyTheRequiredVariables_whenTheJarsApplicationStarts_thenItRunsAsProductionWithProbesOnTheManagementPort()
            throws Exception {
        // Given only Kafka, the database and the console's service account
        TestInfra infra = TestInfra.get();
        List<String> args = new ArrayList<>(List.of("--SPRING_KAFKA_BOOTSTRAP_SERVERS=" + infra.bootstrapServers(),
                "--SPRING_DATASOURCE_URL=" + infra.jdbcUrl(), "--SPRING_DATASOURCE_USERNAME=" + infra.username(),
                "--SPRING_DATASOURCE_PASSWORD=" + infra.password(), "--PROCESSOR_CONSOLE_ACCOUNT_NAME=console",
                "--PROCESSOR_CONSOLE_ACCOUNT_PASSWORD=console-password", "--processor.topic-partitions=6",
                "--processor.topic-replicas=1", "--processor.topic-min-insync-replicas=1", "--server.port=0",
                "--management.server.port=0", "--spring.main.banner-mode=off"));

        // When it starts as its executable jar does
        try (ConfigurableApplicationContext context = ProductionProfile.application(ProcessorApplication.class)
            .run(args.toArray(String[]::new))) {
            Environment env = context.getEnvironment();

            // Then it runs with the profile prod and its production defaults
            assertThat(env.getActiveProfiles()).isEmpty();
            assertThat(env.getDefaultProfiles()).containsExactly("prod");
            assertThat(env.matchesProfiles("prod")).isTrue();
            assertThat(context.getBean(KafkaProperties.class).getAdmin().isFailFast()).isTrue();
            assertThat(context.getBean(KafkaAdmin.class)).isInstanceOf(FloorCheckingKafkaAdmin.class);
            assertThat(context.getBean(ProcessorProperties.class).topicReplicas()).isEqualTo((short) 1);
            // and the actuator answers on its own port only: readiness, liveness
            int app = env.getRequiredProperty("local.server.port", Integer.class);
            int management = env.getRequiredProperty("local.management.port", Integer.class);
            assertThat(management).isNotEqualTo(app);
            assertThat(get(management, "/actuator/health/readiness")).satisfies(r -> {
                assertThat(r.statusCode()).isEqualTo(200);
                assertThat(r.body()).contains("\"UP\"");
            });
            assertThat(get(management, "/actuator/health/liveness").statusCode()).isEqualTo(200);
            assertThat(get(management, "/actuator/prometheus")).satisfies(r -> {
                assertThat(r.statusCode()).isEqualTo(200);
                assertThat(r.body()).contains("paypipe_metrics_refresh_age_seconds");
            });
            assertThat(get(app, "/actuator/health").statusCode()).isEqualTo(404);
        }
    }

    private static HttpResponse<String> get(int port, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Authorization", TestAccounts.OPERATOR.authorization())
            .GET()
            .build(), HttpResponse.BodyHandlers.ofString());
    }

}
