package io.paypipe.processor.support;

import io.paypipe.embedded.TestInfra;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * What every processor integration test on the shared broker and database has: the
 * connection settings of {@link TestInfra} and the rows to read back.
 */
public abstract class ProcessorIntegrationBase {

    @Autowired
    protected JdbcClient jdbc;

    protected Rows db;

    @DynamicPropertySource
    static void sharedInfra(DynamicPropertyRegistry registry) {
        TestInfra.get().springProperties().forEach((k, v) -> registry.add(k, () -> v));
    }

    @BeforeEach
    void readBack() {
        db = new Rows(jdbc);
    }

}
