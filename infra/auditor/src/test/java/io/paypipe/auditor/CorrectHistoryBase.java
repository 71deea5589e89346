package io.paypipe.auditor;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Each test of a subclass starts from a correct history (one of every kind of row and its
 * order.paid record) on a database and a topic of its own, then breaks one thing.
 */
abstract class CorrectHistoryBase {

    protected AuditWorld world;

    protected History history;

    protected Baseline baseline;

    @BeforeEach
    void correctHistory() {
        world = AuditWorld.create();
        history = world.history();
        baseline = Baseline.seed(history);
    }

    @AfterEach
    void closeWorld() {
        world.close();
    }

}
