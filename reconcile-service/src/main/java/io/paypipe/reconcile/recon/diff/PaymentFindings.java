package io.paypipe.reconcile.recon.diff;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The payment side of a comparison, one set-based upsert per kind of difference
 * ({@link DiffUpsert}), over the batch's {@code recon_bill_line} rows and
 * {@code payment_ledger} (its unique key {@code (channel, channel_trade_no)}): a payment
 * line without a ledger row (CHANNEL_ONLY, field {@code payment}); a ledger row whose
 * effective amount (paid amount plus the sum of its {@code ledger_correction} rows)
 * differs from the line's (AMOUNT, {@code paid_amount}); a line's fee not the rate's
 * (FEE, {@code fee}); a fee line of its own (FEE, {@code fee_line}); a ledger payment of
 * the day in no line of the day's or its neighbouring days' batches (LOCAL_ONLY,
 * {@code payment}). Values are written as {@code "<minor units> <currency>"}. Each method
 * returns the affected rows as the driver counts them (an upsert that changed a row
 * counts 2): for the log only.
 */
@Repository
class PaymentFindings {

    /**
     * The sum of the corrections of each payment of the scope's merchant: joined by trade
     * ({@code c.channel_trade_no}).
     */
    private static final String CORRECTIONS = """
            (SELECT channel_trade_no, SUM(amount_minor) AS total FROM ledger_correction
              WHERE channel = :channel AND merchant_id = :merchant AND refund_no = ''
              GROUP BY channel_trade_no) c
            """;

    private final JdbcClient jdbc;

    PaymentFindings(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    int channelOnly(BatchScope scope, Instant now) {
        return DiffUpsert.bind(jdbc.sql(DiffUpsert.of("""
                SELECT :batch, :channel, :merchant, :day, 'CHANNEL_ONLY', b.channel_trade_no, '', '', 'payment',
                       CONCAT(b.amount_minor, ' ', b.currency), NULL, 'OPEN', :now, :now
                  FROM recon_bill_line b
                 WHERE b.batch_id = :batch AND b.kind = 'PAYMENT'
                   AND NOT EXISTS (SELECT 1 FROM payment_ledger l
                                    WHERE l.channel = :channel AND l.channel_trade_no = b.channel_trade_no)
                """)), scope, now).update();
    }

    int amounts(BatchScope scope, Instant now) {
        return DiffUpsert.bind(jdbc.sql(DiffUpsert.of("""
                SELECT :batch, :channel, :merchant, :day, 'AMOUNT', b.channel_trade_no, '', '', 'paid_amount',
                       CONCAT(b.amount_minor, ' ', b.currency),
                       CONCAT(l.paid_amount_minor + COALESCE(c.total, 0), ' ', l.currency), 'OPEN', :now, :now
                  FROM recon_bill_line b
                  JOIN payment_ledger l ON l.channel = :channel AND l.channel_trade_no = b.channel_trade_no
                  LEFT JOIN %s ON c.channel_trade_no = b.channel_trade_no
                 WHERE b.batch_id = :batch AND b.kind = 'PAYMENT'
                   AND (l.paid_amount_minor + COALESCE(c.total, 0) <> b.amount_minor OR l.currency <> b.currency)
                """.formatted(CORRECTIONS))), scope, now).update();
    }

    /**
     * Payment lines whose fee is more than {@code toleranceMinor} away from
     * {@code ROUND(amount x rate) + fixed} (exact DECIMAL arithmetic; MariaDB's ROUND of
     * an exact value rounds half away from zero, HALF_UP for these positive amounts).
     */
    int fees(BatchScope scope, FeeRates.Rate rate, long toleranceMinor, Instant now) {
        return DiffUpsert.bind(jdbc.sql(DiffUpsert.of("""
                SELECT :batch, :channel, :merchant, :day, 'FEE', b.channel_trade_no, '', '', 'fee',
                       CONCAT(b.fee_minor, ' ', b.currency),
                       CONCAT(ROUND(b.amount_minor * CAST(:rate AS DECIMAL(20, 10))) + :fixed, ' ', b.currency),
                       'OPEN', :now, :now
                  FROM recon_bill_line b
                 WHERE b.batch_id = :batch AND b.kind = 'PAYMENT'
                   AND ABS(b.fee_minor - (ROUND(b.amount_minor * CAST(:rate AS DECIMAL(20, 10))) + :fixed)) > :tolerance
                """)), scope, now)
            .param("rate", rate.rate().toPlainString())
            .param("fixed", rate.fixedMinor())
            .param("tolerance", toleranceMinor)
            .update();
    }

    int feeLines(BatchScope scope, Instant now) {
        return DiffUpsert.bind(jdbc.sql(DiffUpsert.of("""
                SELECT :batch, :channel, :merchant, :day, 'FEE', b.channel_trade_no, '', '', 'fee_line',
                       CONCAT(b.amount_minor, ' ', b.currency), NULL, 'OPEN', :now, :now
                  FROM recon_bill_line b
                 WHERE b.batch_id = :batch AND b.kind = 'FEE'
                """)), scope, now).update();
    }

    /**
     * Ledger payments of the merchant paid in {@code [dayStart, dayEnd)} whose trade is
     * in no payment line of {@code batches} (this batch and its neighbouring days'
     * latest: a payment at 23:59:58 settled at 00:00:02 is in one of them).
     */
    int localOnly(BatchScope scope, List<Long> batches, Instant now) {
        return DiffUpsert.bind(jdbc.sql(DiffUpsert.of("""
                SELECT :batch, :channel, :merchant, :day, 'LOCAL_ONLY', l.channel_trade_no, '', '', 'payment',
                       NULL, CONCAT(l.paid_amount_minor, ' ', l.currency), 'OPEN', :now, :now
                  FROM payment_ledger l
                 WHERE l.merchant_id = :merchant AND l.channel = :channel
                   AND l.paid_at >= :start AND l.paid_at < :end
                   AND NOT EXISTS (SELECT 1 FROM recon_bill_line b
                                    WHERE b.channel_trade_no = l.channel_trade_no AND b.batch_id IN (:batches)
                                      AND b.kind = 'PAYMENT')
                """)), scope, now)
            .param("start", Timestamp.from(scope.dayStart()))
            .param("end", Timestamp.from(scope.dayEnd()))
            .param("batches", batches)
            .update();
    }

}
