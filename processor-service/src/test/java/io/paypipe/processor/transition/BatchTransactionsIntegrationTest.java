package io.paypipe.processor.transition;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.processor.support.ProcessorIntegrationBase;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;

/**
 * The batch path's transactions on the real database: on a pool of their own whose
 * connections stay out of autocommit, with the repositories' statements (the service's
 * {@code JdbcClient}) inside them.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE)
@DirtiesContext
class BatchTransactionsIntegrationTest extends ProcessorIntegrationBase {

    private record Session(long connectionId, int autocommit, long setStatements) {
    }

    @Autowired
    BatchTransactions batches;

    @BeforeEach
    void probeTable() {
        jdbc.sql("CREATE TABLE IF NOT EXISTS test_batch_tx_probe (id VARCHAR(64) PRIMARY KEY)").update();
    }

    @Test
    void runsBatchesOnConnectionsThatStayOutOfAutocommit() {
        // Given the batch path's own pool
        assertThat(batches.ownPool()).isTrue();

        // When two batch transactions run one after the other on this thread
        Session first = batches.execute(status -> session());
        Session second = batches.execute(status -> session());

        // Then both ran on one connection with autocommit off, and the second one cost
        // no SET statement (the service's pool sends SET autocommit=0 and =1 around each)
        assertThat(first.autocommit()).isZero();
        assertThat(second.autocommit()).isZero();
        assertThat(second.connectionId()).isEqualTo(first.connectionId());
        assertThat(second.setStatements()).isEqualTo(first.setStatements());
    }

    @Test
    void runsTheRepositoriesStatementsInsideTheBatchTransaction() {
        // Given two probe rows
        String rolledBack = UUID.randomUUID().toString();
        String committed = UUID.randomUUID().toString();

        // When one is written through the service's JdbcClient in a batch transaction
        // that rolls back, and the other in one that commits
        batches.execute(status -> {
            insertProbe(rolledBack);
            status.setRollbackOnly();
            return null;
        });
        batches.execute(status -> insertProbe(committed));

        // Then only the committed one is there: both writes were the transaction's
        assertThat(probes(rolledBack)).isZero();
        assertThat(probes(committed)).isOne();
    }

    private Session session() {
        long setStatements = jdbc.sql("SHOW SESSION STATUS LIKE 'Com_set_option'")
            .query((rs, i) -> rs.getLong(2))
            .single();
        return jdbc.sql("SELECT CONNECTION_ID(), @@autocommit")
            .query((rs, i) -> new Session(rs.getLong(1), rs.getInt(2), setStatements))
            .single();
    }

    private int insertProbe(String id) {
        return jdbc.sql("INSERT INTO test_batch_tx_probe (id) VALUES (:id)").param("id", id).update();
    }

    private long probes(String id) {
        return jdbc.sql("SELECT COUNT(*) FROM test_batch_tx_probe WHERE id = :id")
            .param("id", id)
            .query(Long.class)
            .single();
    }

}
