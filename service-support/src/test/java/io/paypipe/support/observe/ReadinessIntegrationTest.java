package io.paypipe.support.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.embedded.TestInfra;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/**
 * The two checks readiness waits for, on the tests' real broker and database: a missing
 * topic and an unapplied migration keep it DOWN, naming what is missing; once in place,
 * UP.
 */
class ReadinessIntegrationTest {

    private static OpsAdmin ops;

    @BeforeAll
    static void admin() {
        ops = new OpsAdmin(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.get().bootstrapServers()));
    }

    @AfterAll
    static void close() {
        ops.close();
    }

    @Test
    void givenACatalogueTopicIsMissing_whenReadinessIsAsked_thenDownNamingItUntilItIsCreated() throws Exception {
        // Given a catalogue whose last topic does not exist on the cluster
        String present = "readiness.present." + System.nanoTime();
        String missing = "readiness.missing." + System.nanoTime();
        try (Admin admin = Admin
            .create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.get().bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(present, 1, (short) 1))).all().get();
            var indicator = new CatalogueTopicsHealthIndicator(ops, Duration.ofSeconds(5), List.of(present, missing));

            // Then it is DOWN, naming the missing topic
            Health down = indicator.health();
            assertThat(down.getStatus()).isEqualTo(Status.DOWN);
            assertThat(down.getDetails()).containsEntry("missing", List.of(missing));

            // When the topic is created, it is UP
            admin.createTopics(List.of(new NewTopic(missing, 1, (short) 1))).all().get();
            await().untilAsserted(() -> assertThat(indicator.health().getStatus()).isEqualTo(Status.UP));
        }
    }

    @Test
    void givenADatabaseOneMigrationBehind_whenReadinessIsAsked_thenDownNamingBothVersionsUntilMigrated()
            throws Exception {
        // Given a database of its own migrated up to version 12 only
        String name = "readiness_" + System.nanoTime() % 1_000_000_000L;
        try (Connection c = DriverManager.getConnection(TestInfra.get().jdbcUrl(), TestInfra.get().username(),
                TestInfra.get().password()); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        String url = TestInfra.get().jdbcUrl().replaceFirst("(jdbc:[a-z]+://[^/]+/)[^?]*", "$1" + name);
        Flyway.configure()
            .dataSource(url, TestInfra.get().username(), TestInfra.get().password())
            .locations("classpath:db/migration")
            .target("12")
            .load()
            .migrate();
        Flyway flyway = Flyway.configure()
            .dataSource(url, TestInfra.get().username(), TestInfra.get().password())
            .locations("classpath:db/migration")
            .load();
        var indicator = new SchemaVersionHealthIndicator(flyway);

        // Then it is DOWN, saying the database is at 12 and the jar needs more
        Health down = indicator.health();
        assertThat(down.getStatus()).isEqualTo(Status.DOWN);
        assertThat(down.getDetails()).containsEntry("applied", "12");
        assertThat((String) down.getDetails().get("latest")).isNotEqualTo("12");
        assertThat((String) down.getDetails().get("problem")).contains("migrations not applied");

        // When the remaining migrations are applied, it is UP at the latest version
        flyway.migrate();
        Health up = indicator.health();
        assertThat(up.getStatus()).isEqualTo(Status.UP);
        assertThat(up.getDetails().get("applied")).isEqualTo(down.getDetails().get("latest"));
    }

}
