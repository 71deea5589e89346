package io.paypipe.reconcile.recon.diff;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The refund side of a comparison, one set-based upsert per kind of difference
 * ({@link DiffUpsert}). A refund line's local refund is ours by (merchant, our refund
 * number) when the bill gives it, else by the channel's refund id among the refunds of
 * its trade ({@code refund}'s index {@code (channel, channel_trade_no)}). None: STATUS,
 * field {@code refund}, channel value {@code "REFUNDED <amount>"}, local value the
 * order's status; not SUCCESS here: STATUS, {@code refund_status}, the bill's status word
 * against ours; another effective amount (the refund's plus its corrections): AMOUNT,
 * {@code refund_amount}. And our SUCCESS refunds finished in the day that no refund line
 * of the day's or its neighbouring days' batches names: LOCAL_ONLY, {@code refund}.
 */
@Repository
class RefundFindings {

    /** The batch's refund lines ({@code m}), each with its local refund ({@code r}). */
    private static final String MATCHED = """
              FROM (SELECT b.channel_trade_no, b.out_trade_no, b.refund_no, b.channel_refund_id, b.amount_minor,
                           b.currency, b.channel_state,
                           COALESCE((SELECT r1.id FROM refund r1
                                      WHERE r1.merchant_id = :merchant AND r1.refund_no = b.refund_no),
                                    (SELECT MIN(r2.id) FROM refund r2
                                      WHERE r2.channel = :channel AND r2.channel_trade_no = b.channel_trade_no
                                        AND r2.channel_refund_id = b.channel_refund_id)) AS refund_id
                      FROM recon_bill_line b
                     WHERE b.batch_id = :batch AND b.kind = 'REFUND') m
              LEFT JOIN refund r ON r.id = m.refund_id
            """;

    private final JdbcClient jdbc;

    RefundFindings(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    int missing(BatchScope scope, Instant now) {
        return DiffUpsert.bind(jdbc.sql(DiffUpsert
            .of("""
                    SELECT :batch, :channel, :merchant, :day, 'STATUS', m.channel_trade_no, COALESCE(m.refund_no, ''),
                           COALESCE(m.channel_refund_id, ''), 'refund', CONCAT('REFUNDED ', m.amount_minor, ' ', m.currency),
                           COALESCE((SELECT o.status FROM payment_ledger l JOIN orders o ON o.id = l.order_id
                                      WHERE l.channel = :channel AND l.channel_trade_no = m.channel_trade_no),
                                    (SELECT o.status FROM orders o
                                      WHERE o.merchant_id = :merchant AND o.out_trade_no = m.out_trade_no)),
                           'OPEN', :now, :now
                    """
                    + MATCHED + " WHERE r.id IS NULL\n")),
                scope, now)
            .update();
    }

    int notSucceeded(BatchScope scope, Instant now) {
        return DiffUpsert.bind(jdbc.sql(DiffUpsert.of("""
                SELECT :batch, :channel, :merchant, :day, 'STATUS', m.channel_trade_no, r.refund_no,
                       COALESCE(m.channel_refund_id, ''), 'refund_status', m.channel_state, r.status, 'OPEN', :now, :now
                """ + MATCHED + " WHERE r.status <> 'SUCCESS'\n")), scope, now).update();
    }

    int amounts(BatchScope scope, Instant now) {
        return DiffUpsert.bind(jdbc.sql(DiffUpsert.of("""
                SELECT :batch, :channel, :merchant, :day, 'AMOUNT', m.channel_trade_no, r.refund_no,
                       COALESCE(m.channel_refund_id, ''), 'refund_amount', CONCAT(m.amount_minor, ' ', m.currency),
                       CONCAT(r.amount_minor + COALESCE(c.total, 0), ' ', r.currency), 'OPEN', :now, :now
                """ + MATCHED + """
                  LEFT JOIN (SELECT channel_trade_no, refund_no, SUM(amount_minor) AS total FROM ledger_correction
                              WHERE channel = :channel AND merchant_id = :merchant AND refund_no <> ''
                              GROUP BY channel_trade_no, refund_no) c
                         ON c.channel_trade_no = r.channel_trade_no AND c.refund_no = r.refund_no
                 WHERE r.amount_minor + COALESCE(c.total, 0) <> m.amount_minor OR r.currency <> m.currency
                """)), scope, now).update();
    }

    /**
     * Our SUCCESS refunds of the merchant finished in {@code [dayStart, dayEnd)} that no
     * refund line of {@code batches} names (by our refund number or the channel's id).
     */
    int localOnly(BatchScope scope, List<Long> batches, Instant now) {
        return DiffUpsert.bind(jdbc.sql(DiffUpsert.of("""
                SELECT :batch, :channel, :merchant, :day, 'LOCAL_ONLY', r.channel_trade_no, r.refund_no,
                       COALESCE(r.channel_refund_id, ''), 'refund', NULL,
                       CONCAT('SUCCESS ', r.amount_minor, ' ', r.currency), 'OPEN', :now, :now
                  FROM refund r
                 WHERE r.merchant_id = :merchant AND r.channel = :channel AND r.status = 'SUCCESS'
                   AND r.finished_at >= :start AND r.finished_at < :end
                   AND NOT EXISTS (SELECT 1 FROM recon_bill_line b
                                    WHERE b.channel_trade_no = r.channel_trade_no AND b.batch_id IN (:batches)
                                      AND b.kind = 'REFUND'
                                      AND (b.refund_no = r.refund_no OR b.channel_refund_id = r.channel_refund_id))
                """)), scope, now)
            .param("start", Timestamp.from(scope.dayStart()))
            .param("end", Timestamp.from(scope.dayEnd()))
            .param("batches", batches)
            .update();
    }

}
