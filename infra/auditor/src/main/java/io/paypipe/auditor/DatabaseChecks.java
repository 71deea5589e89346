package io.paypipe.auditor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The payment invariants the database alone can answer: trades, ledger rows, transitions,
 * paid orders. Each query carries the scope condition
 * {@code (:all OR o.out_trade_no LIKE :like)} on the order the rows belong to.
 */
final class DatabaseChecks {

    private final SqlChecks sql;

    DatabaseChecks(SqlChecks sql) {
        this.sql = sql;
    }

    List<Violation> run(Map<String, Long> checked) {
        List<Violation> found = new ArrayList<>();
        sql.check(found, Invariant.TRADE_MOVED_ONCE, "a channel trade number moved more than one order", """
                SELECT t.credential AS channel_trade_no, COUNT(*) AS transitions,
                       GROUP_CONCAT(t.order_id ORDER BY t.order_id) AS order_ids
                  FROM order_transition t LEFT JOIN orders o ON o.id = t.order_id
                 WHERE t.event = 'PAYMENT_SUCCEEDED' AND (:all OR o.out_trade_no LIKE :like)
                 GROUP BY t.credential HAVING COUNT(*) > 1""", Map.of());
        sql.check(found, Invariant.ORDER_PAID_ONCE, "an order has more than one ledger row", """
                SELECT l.order_id, COUNT(*) AS ledger_rows, GROUP_CONCAT(l.channel_trade_no ORDER BY l.id) AS trades
                  FROM payment_ledger l LEFT JOIN orders o ON o.id = l.order_id
                 WHERE (:all OR o.out_trade_no LIKE :like)
                 GROUP BY l.order_id HAVING COUNT(*) > 1""", Map.of());
        sql.check(found, Invariant.LEDGER_MATCHES_TRANSITION, "a ledger row without its PAYMENT_SUCCEEDED transition",
                """
                        SELECT l.id AS ledger_id, l.order_id, l.channel, l.channel_trade_no
                          FROM payment_ledger l LEFT JOIN orders o ON o.id = l.order_id
                         WHERE (:all OR o.out_trade_no LIKE :like)
                           AND NOT EXISTS (SELECT 1 FROM order_transition t WHERE t.order_id = l.order_id
                                             AND t.event = 'PAYMENT_SUCCEEDED' AND t.credential = l.channel_trade_no)
                         ORDER BY l.id""", Map.of());
        sql.check(found, Invariant.LEDGER_MATCHES_TRANSITION, "a PAYMENT_SUCCEEDED transition without its ledger row",
                """
                        SELECT t.id AS transition_id, t.order_id, t.credential AS channel_trade_no
                          FROM order_transition t LEFT JOIN orders o ON o.id = t.order_id
                         WHERE t.event = 'PAYMENT_SUCCEEDED' AND (:all OR o.out_trade_no LIKE :like)
                           AND NOT EXISTS (SELECT 1 FROM payment_ledger l
                                            WHERE l.order_id = t.order_id AND l.channel_trade_no = t.credential)
                         ORDER BY t.id""", Map.of());
        sql.check(found, Invariant.PAID_ORDER_HAS_LEDGER, "a paid order without a ledger row", """
                SELECT o.id AS order_id, o.merchant_id, o.out_trade_no, o.status, o.channel_trade_no FROM orders o
                 WHERE o.status IN ('PAID', 'REFUNDING', 'PARTIALLY_REFUNDED', 'REFUNDED')
                   AND (:all OR o.out_trade_no LIKE :like)
                   AND NOT EXISTS (SELECT 1 FROM payment_ledger l WHERE l.order_id = o.id)
                 ORDER BY o.id""", Map.of());
        checked.put("orders", sql.count("SELECT COUNT(*) FROM orders o WHERE (:all OR o.out_trade_no LIKE :like)"));
        checked.put("order_transition", sql.count("""
                SELECT COUNT(*) FROM order_transition t LEFT JOIN orders o ON o.id = t.order_id
                 WHERE (:all OR o.out_trade_no LIKE :like)"""));
        checked.put("payment_ledger", sql.count("""
                SELECT COUNT(*) FROM payment_ledger l LEFT JOIN orders o ON o.id = l.order_id
                 WHERE (:all OR o.out_trade_no LIKE :like)"""));
        return found;
    }

}
