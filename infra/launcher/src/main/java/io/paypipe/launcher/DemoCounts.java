package io.paypipe.launcher;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * What the demo (and the end-to-end tests) count for a set of orders: one row per effect.
 */
public record DemoCounts(long orders, long paidOrders, long rawRows, long ledgerRows, long shipments,
        long pointsGrants) {

    /** Counts for the orders whose out_trade_no starts with {@code prefix}. */
    public static DemoCounts read(JdbcClient jdbc, String prefix) {
        String like = prefix + "%";
        return new DemoCounts(count(jdbc, "SELECT COUNT(*) FROM orders WHERE out_trade_no LIKE :p", like),
                count(jdbc, "SELECT COUNT(*) FROM orders WHERE out_trade_no LIKE :p AND status = 'PAID'", like),
                count(jdbc, "SELECT COUNT(*) FROM pay_notify_raw WHERE out_trade_no LIKE :p", like),
                count(jdbc,
                        "SELECT COUNT(*) FROM payment_ledger l JOIN orders o ON o.id = l.order_id WHERE o.out_trade_no LIKE :p",
                        like),
                count(jdbc, "SELECT COUNT(*) FROM shipment WHERE out_trade_no LIKE :p", like),
                count(jdbc,
                        "SELECT COUNT(*) FROM points_grant g JOIN orders o ON o.id = g.order_id WHERE o.out_trade_no LIKE :p",
                        like));
    }

    private static long count(JdbcClient jdbc, String sql, String like) {
        return jdbc.sql(sql).param("p", like).query(Long.class).single();
    }
}
