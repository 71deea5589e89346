package io.paypipe.bench.backlog;

import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * One attempt at the business work of a failed callback, the same for both retry designs:
 * in a transaction, lock the order ({@code SELECT ... FOR UPDATE} by its unique key),
 * call the downstream, which is still down (no database work), and roll back. The attempt
 * therefore always ends in {@link DownstreamUnavailableException}.
 */
final class BusinessAttempt {

    /**
     * The downstream (delivery, points) did not answer: the record must be retried later.
     */
    static final class DownstreamUnavailableException extends RuntimeException {

        DownstreamUnavailableException(String outTradeNo) {
            super("downstream unavailable for order " + outTradeNo);
        }

    }

    private final JdbcClient jdbc;

    private final TransactionTemplate tx;

    /**
     * {@code pinned}: a data source that always hands out the one measured connection.
     */
    BusinessAttempt(DataSource pinned) {
        this.jdbc = JdbcClient.create(pinned);
        this.tx = new TransactionTemplate(new DataSourceTransactionManager(pinned));
    }

    /**
     * Always throws {@link DownstreamUnavailableException} after the transaction was
     * rolled back.
     */
    void attempt(String merchantId, String outTradeNo) {
        tx.executeWithoutResult(status -> {
            jdbc.sql("""
                    SELECT id, status, amount_fen, currency FROM bench_backlog_order
                     WHERE merchant_id = :merchant AND out_trade_no = :outTradeNo FOR UPDATE""")
                .param("merchant", merchantId)
                .param("outTradeNo", outTradeNo)
                .query((rs, n) -> rs.getLong("id"))
                .optional()
                .orElseThrow(() -> new IllegalStateException("no order " + outTradeNo + " in " + BacklogTables.ORDERS));
            throw new DownstreamUnavailableException(outTradeNo);
        });
    }

}
