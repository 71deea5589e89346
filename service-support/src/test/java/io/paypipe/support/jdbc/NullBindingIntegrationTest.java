package io.paypipe.support.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.embedded.TestInfra;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.core.SpringProperties;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * A null bound without a type must not cost an exception per bind
 * ({@code spring.properties}: {@code spring.jdbc.getParameterType.ignore}).
 */
class NullBindingIntegrationTest {

    @Test
    void bindsANullOnClientSidePreparedStatementsWithoutAskingTheDriverForItsType() {
        // Given a connection as the processor's batches use it (client-side prepared
        // statements, which have no parameter metadata) and a table of our own
        AtomicInteger metadataQuestions = new AtomicInteger();
        JdbcClient jdbc = JdbcClient.create(counting(dataSource(), metadataQuestions));
        String table = "null_binding_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        jdbc.sql("CREATE TABLE " + table + " (id BIGINT PRIMARY KEY, note VARCHAR(32) NULL, at DATETIME(6) NULL)")
            .update();
        try {
            // When a row is inserted with two untyped nulls
            int inserted = jdbc.sql("INSERT INTO " + table + " (id, note, at) VALUES (:id, :note, :at)")
                .param("id", 1L)
                .param("note", null)
                .param("at", null)
                .update();

            // Then the row holds the two nulls, and the driver was never asked for a
            // parameter's type (each question was an SQLException caught by Spring)
            assertThat(inserted).isEqualTo(1);
            assertThat(jdbc.sql("SELECT COUNT(*) FROM " + table + " WHERE id = 1 AND note IS NULL AND at IS NULL")
                .query(Long.class)
                .single()).isEqualTo(1L);
            assertThat(metadataQuestions).hasValue(0);
            assertThat(SpringProperties.getFlag("spring.jdbc.getParameterType.ignore")).isTrue();
        }
        finally {
            jdbc.sql("DROP TABLE " + table).update();
        }
    }

    private static DataSource dataSource() {
        TestInfra infra = TestInfra.get();
        String url = infra.jdbcUrl();
        return new DriverManagerDataSource(
                url + (url.contains("?") ? "&" : "?") + "rewriteBatchedStatements=true&useServerPrepStmts=false",
                infra.username(), Optional.ofNullable(infra.password()).orElse(""));
    }

    /**
     * {@code dataSource} whose prepared statements count the calls of
     * {@code getParameterMetaData()}.
     */
    private static DataSource counting(DataSource dataSource, AtomicInteger calls) {
        return new DelegatingDataSource(dataSource) {
            @Override
            public Connection getConnection() throws SQLException {
                Connection connection = super.getConnection();
                return proxy(Connection.class, (c, method, args) -> {
                    Object result = invoke(method, connection, args);
                    return result instanceof PreparedStatement ps ? proxy(PreparedStatement.class, (s, m, a) -> {
                        if (m.getName().equals("getParameterMetaData")) {
                            calls.incrementAndGet();
                        }
                        return invoke(m, ps, a);
                    }) : result;
                });
            }
        };
    }

    private static <T> T proxy(Class<T> type, InvocationHandler handler) {
        return type.cast(Proxy.newProxyInstance(NullBindingIntegrationTest.class.getClassLoader(),
                new Class<?>[] { type }, handler));
    }

    private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        }
        catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

}
