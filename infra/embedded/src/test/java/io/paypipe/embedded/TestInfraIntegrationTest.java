package io.paypipe.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;

class TestInfraIntegrationTest {

    @Test
    void sharesOneBrokerAndOneDatabasePerJvm() throws Exception {
        // Given / When
        TestInfra first = TestInfra.get();
        TestInfra second = TestInfra.get();

        // Then it is the same instance with a running broker
        assertThat(second).isSameAs(first);
        assertThat(first.broker().isRunning()).isTrue();
        assertThat(first.bootstrapServers()).isEqualTo(first.broker().bootstrapServers());
        try (Admin admin = Admin
            .create(java.util.Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, first.bootstrapServers()))) {
            assertThat(admin.describeCluster().nodes().get(30, TimeUnit.SECONDS)).hasSize(1);
        }

        // And the Spring properties point at both
        assertThat(first.springProperties()).containsOnlyKeys("spring.kafka.bootstrap-servers", "spring.datasource.url",
                "spring.datasource.username", "spring.datasource.password");
        assertThat(first.springProperties()).containsEntry("spring.kafka.bootstrap-servers", first.bootstrapServers())
            .containsEntry("spring.datasource.url", first.jdbcUrl());
        assertThat(first.databaseDescription()).isNotBlank();
        if (System.getenv(TestInfra.ENV_URL) == null) {
            assertThat(first.jdbcUrl()).contains("/paypipe_it_", "useSSL=false", "allowPublicKeyRetrieval=true",
                    "connectTimeout=3000", "rewriteBatchedStatements=true");
        }

        // And its database accepts DDL and DML
        try (Connection c = DriverManager.getConnection(first.jdbcUrl(), first.username(), first.password());
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE probe (id INT PRIMARY KEY, note VARCHAR(20))");
            st.executeUpdate("INSERT INTO probe VALUES (1, 'ok')");
            try (ResultSet rs = st.executeQuery("SELECT note FROM probe WHERE id = 1")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("ok");
            }
        }
    }

}
