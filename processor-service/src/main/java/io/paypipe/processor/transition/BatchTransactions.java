package io.paypipe.processor.transition;

import com.zaxxer.hikari.HikariDataSource;
import io.paypipe.processor.config.ProcessorProperties;
import java.util.Optional;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.core.InfrastructureProxy;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionCallback;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The batch path's transactions ({@link BatchApplier}), on connections of their own whose
 * autocommit is off for good: a pool of {@code processor.concurrency} connections (the
 * batch listener's threads) configured as the service's pool, autocommit aside. The
 * shared pool's connections are in autocommit, so each transaction on them costs a
 * {@code SET autocommit=0} before and a {@code SET autocommit=1} after it, two of a
 * batch's nine round trips to the database; below capacity a batch holds a payment or two
 * and waits for a core at every round trip.
 * <p>
 * The repositories keep the service's {@code JdbcClient}: the transaction binds its
 * connection under the service's {@link DataSource} ({@link SameKey}), which is where
 * their statements look for the transaction's connection. If the service's data source is
 * not a HikariCP pool, the batches run on it with the service's transactions.
 */
@Component
class BatchTransactions implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(BatchTransactions.class);

    static final String POOL_NAME = "processor-batch";

    private final Optional<HikariDataSource> pool;

    private final TransactionTemplate tx;

    BatchTransactions(DataSource dataSource, TransactionTemplate shared, ProcessorProperties props) {
        if (dataSource instanceof HikariDataSource service) {
            HikariDataSource own = new HikariDataSource();
            service.copyStateTo(own);
            own.setPoolName(POOL_NAME);
            own.setAutoCommit(false);
            own.setMaximumPoolSize(props.concurrency());
            // connections on demand: a processor whose batches are off never opens one
            own.setMinimumIdle(0);
            this.pool = Optional.of(own);
            this.tx = new TransactionTemplate(new DataSourceTransactionManager(new SameKey(own, service)));
            log.info("batch transactions on pool {}: up to {} connections, autocommit off", POOL_NAME,
                    props.concurrency());
        }
        else {
            this.pool = Optional.empty();
            this.tx = shared;
            log.info("batch transactions on the service's pool: its data source is not a HikariCP pool");
        }
    }

    <T> T execute(TransactionCallback<T> action) {
        return tx.execute(action);
    }

    /** Whether the batches have a pool of their own (rather than the service's). */
    boolean ownPool() {
        return pool.isPresent();
    }

    @Override
    public void destroy() {
        pool.ifPresent(HikariDataSource::close);
    }

    /**
     * The own pool's connections, bound by the transaction manager under the service's
     * data source (Spring unwraps an {@link InfrastructureProxy} for a resource key).
     */
    static final class SameKey extends DelegatingDataSource implements InfrastructureProxy {

        private final DataSource key;

        SameKey(DataSource connections, DataSource key) {
            super(connections);
            this.key = key;
        }

        @Override
        public Object getWrappedObject() {
            return key;
        }

    }

}
