package io.paypipe.bench.baseline;

import java.util.Optional;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The business transaction of the article, separate from the reserve: the guarded
 * state-machine UPDATE (only a PENDING order becomes PAID; the affected rows say whether
 * the transition happened), then the amount check against the order and the ledger row,
 * all in one {@link TransactionTemplate}. When nothing changed, the article's
 * stale-callback table decides: PAID with the same trade no is a duplicate; anything else
 * (another trade no, CLOSED, unknown order) would need a refund and counts as a business
 * failure here.
 */
final class PaymentTransition {

    enum Outcome {

        TRANSITIONED, ALREADY_PAID

    }

    /**
     * The business step failed: the transaction rolled back, the callback-log row stays
     * at status 0.
     */
    static final class BusinessFailure extends RuntimeException {

        BusinessFailure(String message) {
            super(message, null, false, false);
        }

    }

    private record OrderRow(long id, String status, String channelTradeNo, long amountFen, String currency) {
    }

    private final JdbcClient jdbc;

    private final TransactionTemplate transactions;

    PaymentTransition(DataSource dataSource, JdbcClient jdbc) {
        this.jdbc = jdbc;
        this.transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
    }

    Outcome apply(PaidNotice notice) {
        if (!notice.succeeded()) {
            throw new BusinessFailure("trade_state " + notice.tradeState() + " of " + notice.outTradeNo());
        }
        return transactions.execute(status -> transition(notice));
    }

    private Outcome transition(PaidNotice notice) {
        int updated = jdbc.sql("""
                UPDATE bench_sync_order SET status = 'PAID', channel_trade_no = :tradeNo, paid_at = NOW(3)
                 WHERE merchant_id = :merchant AND out_trade_no = :outTradeNo AND status = 'PENDING'""")
            .param("tradeNo", notice.transactionId())
            .param("merchant", notice.merchantId())
            .param("outTradeNo", notice.outTradeNo())
            .update();
        OrderRow order = find(notice).orElseThrow(() -> new BusinessFailure("order not found: " + notice.outTradeNo()));
        if (updated == 1) {
            if (order.amountFen() != notice.totalFen() || !order.currency().equals(notice.currency())) {
                // no self-healing: roll back, leave the row for a human
                throw new BusinessFailure("amount mismatch on " + notice.outTradeNo());
            }
            jdbc.sql("""
                    INSERT INTO bench_sync_ledger (order_id, out_trade_no, channel_trade_no, amount_fen, currency)
                    VALUES (:order, :outTradeNo, :tradeNo, :amount, :currency)""")
                .param("order", order.id())
                .param("outTradeNo", notice.outTradeNo())
                .param("tradeNo", notice.transactionId())
                .param("amount", notice.totalFen())
                .param("currency", notice.currency())
                .update();
            return Outcome.TRANSITIONED;
        }
        if ("PAID".equals(order.status()) && notice.transactionId().equals(order.channelTradeNo())) {
            return Outcome.ALREADY_PAID;
        }
        throw new BusinessFailure("stale callback for " + notice.outTradeNo() + ": order is " + order.status());
    }

    private Optional<OrderRow> find(PaidNotice notice) {
        return jdbc.sql("""
                SELECT id, status, channel_trade_no, amount_fen, currency FROM bench_sync_order
                 WHERE merchant_id = :merchant AND out_trade_no = :outTradeNo""")
            .param("merchant", notice.merchantId())
            .param("outTradeNo", notice.outTradeNo())
            .query((rs, n) -> new OrderRow(rs.getLong("id"), rs.getString("status"), rs.getString("channel_trade_no"),
                    rs.getLong("amount_fen"), rs.getString("currency")))
            .optional();
    }

}
