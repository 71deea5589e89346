package io.paypipe.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.embedded.TestInfra;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/** The database line of a run's machine section, read from a real MariaDB. */
class MachineInfoIntegrationTest {

    @Test
    void namesTheDatabasesVersionAndTheInnodbSettingsItsLatenciesDependOn() {
        // Given the tests' database
        TestInfra infra = TestInfra.get();
        JdbcClient jdbc = JdbcClient
            .create(new DriverManagerDataSource(infra.jdbcUrl(), infra.username(), infra.password()));
        long poolMb = jdbc.sql("SELECT @@innodb_buffer_pool_size DIV 1048576").query(Long.class).single();

        // When the machine section describes it
        String database = MachineInfo.database(jdbc);

        // Then it names the server and the settings as the server reports them
        assertThat(database).contains("MariaDB")
            .contains("buffer pool " + poolMb + " MB")
            .containsPattern("redo log \\d+ MB")
            .endsWith("innodb_flush_log_at_trx_commit 1");
    }

    @Test
    void saysSoWhenTheDatabaseCannotBeRead() {
        // Given a database that is not there
        JdbcClient jdbc = JdbcClient
            .create(new DriverManagerDataSource("jdbc:mysql://127.0.0.1:1/none?connectTimeout=500"));

        // When the machine section describes it
        String database = MachineInfo.database(jdbc);

        // Then the page shows a question mark and the reason's kind, and the run goes on
        assertThat(database).startsWith("? (");
    }

}
