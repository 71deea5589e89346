package io.paypipe.ingress;

import io.paypipe.embedded.TestInfra;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The test JVM's database ({@link TestInfra}) with every migration applied, for the tests
 * of one repository without a Spring context.
 */
public final class MigratedDatabase {

    private MigratedDatabase() {
    }

    /** A data source of the shared test database, migrated to the latest version. */
    public static DataSource dataSource() {
        var dataSource = new DriverManagerDataSource(TestInfra.get().jdbcUrl(), TestInfra.get().username(),
                TestInfra.get().password());
        Flyway.configure()
            .dataSource(dataSource)
            .locations("classpath:db/migration")
            .baselineOnMigrate(true)
            .baselineVersion("0")
            .load()
            .migrate();
        return dataSource;
    }

}
