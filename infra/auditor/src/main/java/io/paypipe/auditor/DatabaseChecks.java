package io.paypipe.auditor;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The invariants that the database alone can answer; each query returns the rows that break one. */
final class DatabaseChecks {

    private static final int MAX_ROWS = 50;

    private final JdbcClient jdbc;

    DatabaseChecks(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    List<Violation> run(Instant now, Duration retryBudget) {
        List<Violation> found = new ArrayList<>();
        check(found, Invariant.TRADE_MOVED_ONCE, "a channel trade number moved more than one order, or one order twice", """
                SELECT credential AS channel_trade_no, COUNT(*) AS transitions, GROUP_CONCAT(order_id) AS order_ids
                  FROM order_transition WHERE event = 'PAYMENT_SUCCEEDED'
                 GROUP BY credential HAVING COUNT(*) > 1""", Map.of());
        check(found, Invariant.ORDER_PAID_ONCE, "an order has more than one ledger row", """
                SELECT order_id, COUNT(*) AS ledger_rows, GROUP_CONCAT(channel_trade_no) AS trades
                  FROM payment_ledger GROUP BY order_id HAVING COUNT(*) > 1""", Map.of());
        check(found, Invariant.LEDGER_MATCHES_TRANSITION, "a ledger row without its PAYMENT_SUCCEEDED transition", """
                SELECT l.id AS ledger_id, l.order_id, l.channel, l.channel_trade_no FROM payment_ledger l
                 WHERE NOT EXISTS (SELECT 1 FROM order_transition t WHERE t.order_id = l.order_id
                                     AND t.event = 'PAYMENT_SUCCEEDED' AND t.credential = l.channel_trade_no)""", Map.of());
        check(found, Invariant.LEDGER_MATCHES_TRANSITION, "a PAYMENT_SUCCEEDED transition without its ledger row", """
                SELECT t.id AS transition_id, t.order_id, t.credential AS channel_trade_no FROM order_transition t
                 WHERE t.event = 'PAYMENT_SUCCEEDED' AND NOT EXISTS (SELECT 1 FROM payment_ledger l
                       WHERE l.order_id = t.order_id AND l.channel_trade_no = t.credential)""", Map.of());
        check(found, Invariant.PAID_ORDER_HAS_LEDGER, "a paid order without a ledger row", """
                SELECT o.id AS order_id, o.merchant_id, o.out_trade_no, o.status, o.channel_trade_no FROM orders o
                 WHERE o.status IN ('PAID', 'REFUNDING', 'REFUNDED')
                   AND NOT EXISTS (SELECT 1 FROM payment_ledger l WHERE l.order_id = o.id)""", Map.of());
        check(found, Invariant.RAW_SETTLED, "an acked notification still unsettled after its retry budget (" + retryBudget + ")", """
                SELECT id AS raw_id, merchant_id, channel, channel_trade_no, out_trade_no, attempts, last_error, created_at
                  FROM pay_notify_raw WHERE handled = 0 AND created_at < :before""",
                Map.of("before", Timestamp.from(now.minus(retryBudget))));
        check(found, Invariant.REFUNDS_WITHIN_PAID, "successful and accepted refunds exceed the amount paid", """
                SELECT o.id AS order_id, o.out_trade_no, o.paid_amount_minor, SUM(r.amount_minor) AS refunded_minor
                  FROM orders o JOIN refund r ON r.order_id = o.id AND r.status IN ('SUCCESS', 'ACCEPTED')
                 GROUP BY o.id, o.out_trade_no, o.paid_amount_minor
                HAVING SUM(r.amount_minor) > COALESCE(o.paid_amount_minor, 0)""", Map.of());
        return found;
    }

    long count(String table) {
        return jdbc.sql("SELECT COUNT(*) FROM " + table).query(Long.class).single();
    }

    private void check(List<Violation> found, Invariant invariant, String description, String sql, Map<String, ?> params) {
        var rows = jdbc.sql(sql + " LIMIT " + MAX_ROWS).params(params).query().listOfRows();
        if (!rows.isEmpty()) {
            found.add(new Violation(invariant, description, rows));
        }
    }
}
