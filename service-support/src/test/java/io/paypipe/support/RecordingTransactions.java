package io.paypipe.support;

import java.util.ArrayList;
import java.util.List;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.SimpleTransactionStatus;

/**
 * A transaction manager without a database that only notes how each transaction ended.
 */
public final class RecordingTransactions implements PlatformTransactionManager {

    private final List<String> outcomes = new ArrayList<>();

    /** {@code commit} or {@code rollback}, one per transaction, in order. */
    public List<String> outcomes() {
        return List.copyOf(outcomes);
    }

    @Override
    public TransactionStatus getTransaction(TransactionDefinition definition) {
        return new SimpleTransactionStatus();
    }

    @Override
    public void commit(TransactionStatus status) {
        outcomes.add("commit");
    }

    @Override
    public void rollback(TransactionStatus status) {
        outcomes.add("rollback");
    }

}
