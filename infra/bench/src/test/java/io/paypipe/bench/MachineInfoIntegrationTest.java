package io.paypipe.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.paypipe.embedded.TestInfra;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The database line of a run's machine section, read from a real MariaDB. */
class MachineInfoIntegrationTest {

    @Test
    void namesTheDatabasesVersionAndTheInnodbSettingsItsLatenciesDependOn() {
        // Given the tests' database
        TestInfra infra = TestInfra.get();
        try (HikariDataSource dataSource = new HikariDataSource()) {
            dataSource.setJdbcUrl(infra.jdbcUrl());
            dataSource.setUsername(infra.username());
            dataSource.setPassword(infra.password());
            dataSource.setMaximumPoolSize(1);
            JdbcClient jdbc = JdbcClient.create(dataSource);
            long poolMb = jdbc.sql("SELECT @@innodb_buffer_pool_size DIV 1048576").query(Long.class).single();

            // When the machine section describes it
            String database = MachineInfo.database(jdbc);

            // Then it names the server and the settings as the server reports them
            assertThat(database).contains("MariaDB")
                .contains("buffer pool " + poolMb + " MB")
                .containsPattern("redo log \\d+ MB")
                .endsWith("innodb_flush_log_at_trx_commit 1");
        }
    }

    @Test
    void saysSoWhenTheDatabaseCannotBeRead() {
        // Given a database that is not there
        try (HikariDataSource dataSource = new HikariDataSource()) {
            dataSource.setJdbcUrl("jdbc:mysql://127.0.0.1:1/none?connectTimeout=500");
            dataSource.setInitializationFailTimeout(-1);
            dataSource.setConnectionTimeout(250);

            // When the machine section describes it
            String database = MachineInfo.database(JdbcClient.create(dataSource));

            // Then the page shows a question mark and the reason's kind, and the run goes
            // on
            assertThat(database).startsWith("? (");
        }
    }

}
