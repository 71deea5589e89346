package io.paypipe.auditor;

import com.zaxxer.hikari.HikariDataSource;
import io.paypipe.embedded.TestInfra;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A database of one test's own on TestInfra's server, migrated with the product's Flyway
 * scripts and dropped at the end: the damage a test seeds is the only damage its audit
 * can see.
 */
final class AuditDatabase implements AutoCloseable {

    private final String name;

    private final HikariDataSource dataSource;

    String url() {
        return dataSource.getJdbcUrl();
    }

    private AuditDatabase(String name, HikariDataSource dataSource) {
        this.name = name;
        this.dataSource = dataSource;
    }

    static AuditDatabase create() {
        TestInfra infra = TestInfra.get();
        String name = "paypipe_audit_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        execute("CREATE DATABASE `" + name + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
        HikariDataSource ds = new HikariDataSource();
        ds.setJdbcUrl(urlOf(infra.jdbcUrl(), name));
        ds.setUsername(infra.username());
        ds.setPassword(infra.password());
        ds.setMaximumPoolSize(2);
        Flyway.configure().dataSource(ds).baselineOnMigrate(true).baselineVersion("0").load().migrate();
        return new AuditDatabase(name, ds);
    }

    DataSource dataSource() {
        return dataSource;
    }

    JdbcClient jdbc() {
        return JdbcClient.create(dataSource);
    }

    @Override
    public void close() {
        dataSource.close();
        execute("DROP DATABASE IF EXISTS `" + name + "`");
    }

    /**
     * TestInfra's URL with another database name:
     * {@code jdbc:mysql://host:port/NAME?params}.
     */
    static String urlOf(String url, String database) {
        int slash = url.indexOf('/', url.indexOf("//") + 2);
        int query = url.indexOf('?', slash);
        return url.substring(0, slash + 1) + database + (query < 0 ? "" : url.substring(query));
    }

    private static void execute(String sql) {
        TestInfra infra = TestInfra.get();
        try (Connection c = DriverManager.getConnection(infra.jdbcUrl(), infra.username(), infra.password());
                Statement st = c.createStatement()) {
            st.execute(sql);
        }
        catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

}
