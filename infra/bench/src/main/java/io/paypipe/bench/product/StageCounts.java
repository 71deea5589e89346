package io.paypipe.bench.product;

import java.time.Duration;
import java.util.OptionalLong;
import java.util.function.LongSupplier;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * What the stage cycles count in the database for one cycle's orders (by out_trade_no
 * prefix): raw rows, PAID orders, shipments and points grants, and how long a count took
 * to reach a number. The drains poll every 100 ms and MariaDB's CPU counts as the
 * product's, so the polled counts read only the cycle's range of order ids (found once,
 * after the orders were stored) through the primary key or the tables' order_id index,
 * never a scan of every order ever created.
 */
public final class StageCounts {

    private final JdbcClient jdbc;

    private final String like;

    private final long lowestId;

    private final long highestId;

    /** Call once the cycle's orders are stored. */
    public StageCounts(JdbcClient jdbc, String prefix) {
        this.jdbc = jdbc;
        this.like = prefix + "%";
        Long[] range = jdbc.sql("SELECT MIN(id), MAX(id) FROM orders WHERE out_trade_no LIKE :p")
            .param("p", like)
            .query((rs, n) -> new Long[] { rs.getLong(1), rs.getLong(2) })
            .single();
        this.lowestId = range[0];
        this.highestId = range[1];
    }

    public long rawRows() {
        return count("SELECT COUNT(*) FROM pay_notify_raw WHERE out_trade_no LIKE :p");
    }

    public long ordersWithExtraRawRows() {
        return count("SELECT COUNT(*) FROM (SELECT merchant_id, out_trade_no FROM pay_notify_raw"
                + " WHERE out_trade_no LIKE :p GROUP BY merchant_id, out_trade_no HAVING COUNT(*) > 1) x");
    }

    public long paid() {
        return count("SELECT COUNT(*) FROM orders WHERE id BETWEEN :lo AND :hi AND out_trade_no LIKE :p"
                + " AND status = 'PAID'");
    }

    public long shipments() {
        return count("SELECT COUNT(*) FROM shipment WHERE order_id BETWEEN :lo AND :hi AND out_trade_no LIKE :p");
    }

    public long grants() {
        return count("SELECT COUNT(*) FROM points_grant g JOIN orders o ON o.id = g.order_id"
                + " WHERE g.order_id BETWEEN :lo AND :hi AND o.out_trade_no LIKE :p");
    }

    public long ordersWithExtraGrants() {
        return count("SELECT COUNT(*) FROM (SELECT g.order_id FROM points_grant g JOIN orders o ON o.id = g.order_id"
                + " WHERE g.order_id BETWEEN :lo AND :hi AND o.out_trade_no LIKE :p GROUP BY g.order_id"
                + " HAVING COUNT(*) > 1) x");
    }

    private long count(String sql) {
        return jdbc.sql(sql).param("p", like).param("lo", lowestId).param("hi", highestId).query(Long.class).single();
    }

    /**
     * Polls {@code count} every {@code every} until it reaches {@code target}: the
     * milliseconds since {@code startNanos} at the first poll that saw it, or empty when
     * {@code timeout} passed first.
     */
    public static OptionalLong millisUntil(LongSupplier count, long target, long startNanos, Duration every,
            Duration timeout) {
        long deadline = startNanos + timeout.toNanos();
        while (true) {
            if (count.getAsLong() >= target) {
                return OptionalLong.of((System.nanoTime() - startNanos) / 1_000_000);
            }
            if (System.nanoTime() > deadline) {
                return OptionalLong.empty();
            }
            try {
                Thread.sleep(every.toMillis());
            }
            catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }

}
