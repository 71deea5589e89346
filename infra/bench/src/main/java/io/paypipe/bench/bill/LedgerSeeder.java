package io.paypipe.bench.bill;

import io.paypipe.bench.report.BillSummary;
import io.paypipe.core.id.Channel;
import java.io.PrintStream;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Puts the generated day's payments into {@code payment_ledger} ({@link LedgerRow}) so
 * that the bill's comparison finds each of them equal: batched {@code INSERT IGNORE}s
 * (multi-row statements when the data source has Connector/J's
 * {@code rewriteBatchedStatements}), skipped when the day holds them already (a second
 * run of the benchmark). Not part of the measured figure; its time is reported beside it.
 * A day that holds other payments of the merchant, or generated trades of another
 * merchant (the trade number is the ledger's unique key with the channel), could not
 * reconcile clean: that is refused, not measured.
 */
final class LedgerSeeder {

    private static final String INSERT = """
            INSERT IGNORE INTO payment_ledger (order_id, tenant_id, merchant_id, channel, channel_trade_no, raw_id,
                order_amount_minor, paid_amount_minor, currency, event_id, paid_at, created_at)
            VALUES (:orderId, :tenant, :merchant, :channel, :tradeNo, NULL, :orderAmount, :paidAmount, :currency,
                :eventId, :paidAt, :now)
            """;

    private static final int BATCH = 5_000;

    private final JdbcClient jdbc;

    private final NamedParameterJdbcTemplate batches;

    private final PrintStream out;

    LedgerSeeder(DataSource dataSource, PrintStream out) {
        this.jdbc = JdbcClient.create(dataSource);
        this.batches = new NamedParameterJdbcTemplate(dataSource);
        this.out = out;
    }

    BillSummary.Seeding seed(GeneratedPayments day, String merchantId) {
        long t0 = System.nanoTime();
        long before = paymentsOfDay(day, merchantId);
        long generated = generatedTrades(day);
        if (before != generated || generated > day.count()) {
            throw new IllegalStateException(("the ledger cannot reconcile clean with a generated bill of %d lines: "
                    + "it holds %d wechatpay payments of %s on %s and %d trades numbered %s*; choose another "
                    + "--bill-day")
                .formatted(day.count(), before, merchantId, day.day(), generated, day.tradeNoPrefix()));
        }
        if (before == day.count()) {
            return new BillSummary.Seeding(before, 0, millisSince(t0));
        }
        List<SqlParameterSource> rows = new ArrayList<>(BATCH);
        Timestamp now = Timestamp.from(Instant.now());
        for (long i = 0; i < day.count(); i++) {
            rows.add(params(LedgerRow.of(day, merchantId, day.nth(i)), now));
            if (rows.size() == BATCH || i == day.count() - 1) {
                batches.batchUpdate(INSERT, rows.toArray(SqlParameterSource[]::new));
                rows.clear();
                if ((i + 1) % 100_000 == 0) {
                    out.printf("bench: bill: ledger seeded up to payment %d of %d (%d ms)%n", i + 1, day.count(),
                            millisSince(t0));
                }
            }
        }
        long after = paymentsOfDay(day, merchantId);
        if (after != day.count()) {
            throw new IllegalStateException("the ledger holds %d payments of %s on %s after seeding, not %d"
                .formatted(after, merchantId, day.day(), day.count()));
        }
        return new BillSummary.Seeding(before, after - before, millisSince(t0));
    }

    private static SqlParameterSource params(LedgerRow row, Timestamp now) {
        return new MapSqlParameterSource().addValue("orderId", row.orderId())
            .addValue("tenant", row.tenantId())
            .addValue("merchant", row.merchantId())
            .addValue("channel", row.channel())
            .addValue("tradeNo", row.channelTradeNo())
            .addValue("orderAmount", row.orderAmountMinor())
            .addValue("paidAmount", row.paidAmountMinor())
            .addValue("currency", row.currency())
            .addValue("eventId", row.eventId())
            .addValue("paidAt", Timestamp.from(row.paidAt()))
            .addValue("now", now);
    }

    /** The merchant's WeChat payments paid in the day (Beijing). */
    private long paymentsOfDay(GeneratedPayments day, String merchantId) {
        return jdbc.sql("""
                SELECT COUNT(*) FROM payment_ledger
                 WHERE merchant_id = :merchant AND channel = :channel AND paid_at >= :start AND paid_at < :end
                """)
            .param("merchant", merchantId)
            .param("channel", Channel.WECHATPAY.code())
            .param("start", Timestamp.from(day.dayStart()))
            .param("end", Timestamp.from(day.dayEnd()))
            .query(Long.class)
            .single();
    }

    /** Ledger rows of any merchant whose trade number is one the day's bill generates. */
    private long generatedTrades(GeneratedPayments day) {
        return jdbc
            .sql("SELECT COUNT(*) FROM payment_ledger WHERE channel = :channel AND channel_trade_no LIKE :prefix")
            .param("channel", Channel.WECHATPAY.code())
            .param("prefix", day.tradeNoPrefix() + "%")
            .query(Long.class)
            .single();
    }

    private static long millisSince(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

}
