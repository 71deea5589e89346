package io.paypipe.bench.product;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * After a phase: are the effects exact? Every order whose notification was acknowledged
 * is paid, with one ledger row, one raw row, one shipment and one OrderPaid event id; no
 * order has two of anything. Waits (up to a timeout) for the pipeline to finish the work
 * it accepted, and says how long after the load that took: until the last OrderPaid
 * reached the driver (paid), until the reference warehouse shipped the last order
 * (shipped). A fast run with wrong results is a failed run.
 */
public final class ExactnessCheck {

    /** What was found; {@link #exact()} is the verdict. */
    public record Verdict(long ackedOrders, long paidOrders, long ackedButUnpaid, long ledgerRows,
            long ordersWithExtraLedgerRows, long ordersWithExtraRawRows, long shipments, long ordersWithExtraShipments,
            long ordersWithSeveralEventIds, long orderPaidRecords, long paidDrainMillis, long shippedDrainMillis) {
        public boolean exact() {
            return ackedButUnpaid == 0 && ordersWithExtraLedgerRows == 0 && ordersWithExtraRawRows == 0
                    && ordersWithExtraShipments == 0 && ordersWithSeveralEventIds == 0 && ledgerRows == paidOrders
                    && shipments == paidOrders;
        }
    }

    private final JdbcClient jdbc;

    public ExactnessCheck(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public Verdict check(String prefix, OrderPaidWatcher watcher, Duration timeout) {
        long started = System.nanoTime();
        long deadline = started + timeout.toNanos();
        Set<String> acked = watcher.ackedOrders();
        while (System.nanoTime() < deadline && watcher.ordersSeen() < acked.size()) {
            sleep(50);
        }
        long paidDrainMillis = (System.nanoTime() - started) / 1_000_000;
        while (System.nanoTime() < deadline && shipments(prefix) < acked.size()) {
            sleep(200);
        }
        long shippedDrainMillis = (System.nanoTime() - started) / 1_000_000;
        settle(prefix, deadline);
        List<String> paid = paid(prefix);
        Set<String> unpaid = new HashSet<>(acked);
        unpaid.removeAll(paid);
        String like = prefix + "%";
        return new Verdict(acked.size(), paid.size(), unpaid.size(), count(
                "SELECT COUNT(*) FROM payment_ledger l JOIN orders o ON o.id = l.order_id WHERE o.out_trade_no LIKE :p",
                like),
                count("SELECT COUNT(*) FROM (SELECT l.order_id FROM payment_ledger l JOIN orders o ON o.id = l.order_id"
                        + " WHERE o.out_trade_no LIKE :p GROUP BY l.order_id HAVING COUNT(*) > 1) x", like),
                count("SELECT COUNT(*) FROM (SELECT merchant_id, out_trade_no FROM pay_notify_raw WHERE out_trade_no LIKE :p"
                        + " GROUP BY merchant_id, out_trade_no HAVING COUNT(*) > 1) x", like),
                shipments(prefix),
                count("SELECT COUNT(*) FROM (SELECT order_id FROM shipment WHERE out_trade_no LIKE :p"
                        + " GROUP BY order_id HAVING COUNT(*) > 1) x", like),
                watcher.ordersWithSeveralEventIds(), watcher.records(), paidDrainMillis, shippedDrainMillis);
    }

    /**
     * Waits until the phase's paid orders, ledger rows and shipments agree and stay the
     * same for a second: deliveries the driver stopped waiting for at the end of a closed
     * loop may still be applied after the acknowledged ones, and counting them half-way
     * (an order paid between two of the verdict's reads) would be a race of the check,
     * not a fault of the product. A real discrepancy never settles, and the verdict reads
     * it at the deadline.
     */
    private void settle(String prefix, long deadline) {
        String like = prefix + "%";
        List<Long> last = List.of();
        while (System.nanoTime() < deadline) {
            List<Long> now = List.of(
                    count("SELECT COUNT(*) FROM orders WHERE out_trade_no LIKE :p AND status = 'PAID'", like),
                    count("SELECT COUNT(*) FROM payment_ledger l JOIN orders o ON o.id = l.order_id"
                            + " WHERE o.out_trade_no LIKE :p", like),
                    shipments(prefix));
            if (now.equals(last) && now.get(0).equals(now.get(1)) && now.get(0).equals(now.get(2))) {
                return;
            }
            last = now;
            sleep(1000);
        }
    }

    private List<String> paid(String prefix) {
        return jdbc.sql("SELECT out_trade_no FROM orders WHERE out_trade_no LIKE :p AND status = 'PAID'")
            .param("p", prefix + "%")
            .query(String.class)
            .list();
    }

    private long shipments(String prefix) {
        return count("SELECT COUNT(*) FROM shipment WHERE out_trade_no LIKE :p", prefix + "%");
    }

    private long count(String sql, String like) {
        return jdbc.sql(sql).param("p", like).query(Long.class).single();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

}
