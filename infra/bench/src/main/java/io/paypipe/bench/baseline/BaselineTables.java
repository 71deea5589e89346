package io.paypipe.bench.baseline;

import io.paypipe.bench.ArticleSchema;
import io.paypipe.bench.baseline.SyncBaseline.BaselineOrder;
import io.paypipe.bench.baseline.SyncBaseline.Effects;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The baseline's own tables (never the product's): the article's callback log with the
 * amount in fen, the orders and the ledger. Also seeds orders and counts a run's effects,
 * by {@code out_trade_no} prefix. No index serves the prefix counts: they scan once after
 * a run, and the hot path carries only the article's keys.
 */
final class BaselineTables {

    private static final int BATCH = 1_000;

    private static final List<String> DDL = List.of(ArticleSchema.callbackLog("bench_sync_callback_log"),
            ArticleSchema.orders("bench_sync_order"), """
                    CREATE TABLE IF NOT EXISTS bench_sync_ledger (
                      id               BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
                      order_id         BIGINT UNSIGNED NOT NULL,
                      out_trade_no     VARCHAR(64)  NOT NULL,
                      channel_trade_no VARCHAR(64)  NOT NULL,
                      amount_fen       BIGINT       NOT NULL,
                      currency         CHAR(3)      NOT NULL,
                      created_at       DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
                      PRIMARY KEY (id),
                      KEY idx_order (order_id)
                    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4""");

    private final JdbcClient jdbc;

    private final NamedParameterJdbcTemplate batch;

    private final TransactionTemplate transactions;

    BaselineTables(DataSource dataSource, JdbcClient jdbc) {
        this.jdbc = jdbc;
        this.batch = new NamedParameterJdbcTemplate(dataSource);
        this.transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
    }

    void create() {
        DDL.forEach(ddl -> jdbc.sql(ddl).update());
    }

    void insertOrders(List<BaselineOrder> orders) {
        for (int from = 0; from < orders.size(); from += BATCH) {
            SqlParameterSource[] rows = orders.subList(from, Math.min(from + BATCH, orders.size()))
                .stream()
                .map(o -> new MapSqlParameterSource().addValue("merchant", o.merchantId())
                    .addValue("outTradeNo", o.outTradeNo())
                    .addValue("amount", o.amountFen()))
                .toArray(SqlParameterSource[]::new);
            transactions.executeWithoutResult(status -> batch.batchUpdate("""
                    INSERT INTO bench_sync_order (merchant_id, out_trade_no, amount_fen, currency, status)
                    VALUES (:merchant, :outTradeNo, :amount, 'CNY', 'PENDING')""", rows));
        }
    }

    Effects effects(String outTradeNoPrefix, DownstreamStub.Calls downstream) {
        String like = likePrefix(outTradeNoPrefix);
        long orders = count("SELECT COUNT(*) FROM bench_sync_order WHERE out_trade_no LIKE :p", like);
        long paid = count("SELECT COUNT(*) FROM bench_sync_order WHERE out_trade_no LIKE :p AND status = 'PAID'", like);
        long ledger = count("SELECT COUNT(*) FROM bench_sync_ledger WHERE out_trade_no LIKE :p", like);
        long extraLedger = count("""
                SELECT COUNT(*) FROM (SELECT order_id FROM bench_sync_ledger WHERE out_trade_no LIKE :p
                                       GROUP BY order_id HAVING COUNT(*) > 1) extra""", like);
        long failures = count("SELECT COUNT(*) FROM bench_sync_callback_log WHERE out_trade_no LIKE :p AND status = 0",
                like);
        return new Effects(orders, paid, ledger, extraLedger, downstream.total(), downstream.ordersCalledMoreThanOnce(),
                failures);
    }

    private long count(String sql, String like) {
        return jdbc.sql(sql).param("p", like).query(Long.class).single();
    }

    /**
     * {@code prefix%} with LIKE's wildcards in the prefix escaped (MariaDB's default
     * escape is the backslash).
     */
    static String likePrefix(String prefix) {
        return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }

}
