package io.paypipe.reconcile.support;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.reconcile.ReconcileApplication;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Every outbox and status integration test: reconcile-service on the shared broker and
 * database ({@link TestInfra}), the outbox sweep every 200 ms with batches of
 * {@value #BATCH} (republish-after 10m and alert-after 1h as in production: the tests
 * date their rows back), the bill differences' ledger sweep every 300 ms. One Spring
 * context for all of them; the database is shared, so each test uses its own merchant ids
 * and asserts on its own rows.
 */
@SpringBootTest(classes = ReconcileApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "reconcile.outbox.interval=200ms",
                "reconcile.outbox.batch-size=" + ReconcileIntegrationBase.BATCH, "reconcile.publish-timeout=3s",
                "reconcile.bill.diff-sweep=300ms", "reconcile.metrics-refresh-interval=300ms" })
public abstract class ReconcileIntegrationBase {

    public static final int BATCH = 5;

    @Autowired
    protected JdbcClient jdbc;

    @Autowired
    protected MeterRegistry meters;

    @Autowired
    private TransactionTemplate tx;

    @LocalServerPort
    protected int port;

    protected Rows rows;

    @DynamicPropertySource
    static void sharedInfra(DynamicPropertyRegistry registry) {
        TestInfra.get().springProperties().forEach((k, v) -> registry.add(k, () -> v));
    }

    @BeforeAll
    static void topics() {
        TestInfra.get()
            .broker()
            .createTopics(List.of(Topics.PAYMENT_NOTIFY.name(), Topics.OPS_ALERT.name()), Topics.DEFAULT_PARTITIONS);
    }

    @BeforeEach
    void fixtures() {
        rows = new Rows(jdbc, tx);
    }

    /** Sweeps run so far, whatever their result. */
    protected long sweeps() {
        return meters.find("reconcile.outbox.sweeps").counters().stream().mapToLong(c -> (long) c.count()).sum();
    }

    /** Sweeps that failed so far. */
    protected long failedSweeps() {
        return (long) meters.counter("reconcile.outbox.sweeps", "result", "failed").count();
    }

    protected static String bootstrapServers() {
        return TestInfra.get().bootstrapServers();
    }

}
