package io.paypipe.auditor;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The invariants about what happens to money and notifications after the first
 * transition: raw rows settle, those that need a person have an alert, illegal payments
 * have their refund task (the refunds themselves: {@link RefundChecks}; raw refund rows:
 * {@link RefundRawChecks}). Raw rows and alerts are scoped by their own
 * {@code out_trade_no}, refund tasks by their order's.
 */
final class SettlementChecks {

    private final SqlChecks sql;

    SettlementChecks(SqlChecks sql) {
        this.sql = sql;
    }

    List<Violation> run(Instant now, Duration retryBudget, Map<String, Long> checked) {
        List<Violation> found = new ArrayList<>();
        sql.check(found, Invariant.RAW_SETTLED,
                "an acked notification still unsettled " + retryBudget + " after its last delivery", """
                        SELECT r.id AS raw_id, r.merchant_id, r.channel, r.channel_trade_no, r.out_trade_no, r.attempts,
                               r.last_error, r.created_at, r.last_delivered_at
                          FROM pay_notify_raw r
                         WHERE r.handled = 0 AND COALESCE(r.last_delivered_at, r.created_at) < :before
                           AND (:all OR r.out_trade_no LIKE :like)
                         ORDER BY r.id""", Map.of("before", Timestamp.from(now.minus(retryBudget))));
        sql.check(found, Invariant.RAW_NEEDS_PERSON_HAS_ALERT,
                "a notification at handled=2 without an ops_alert about it",
                """
                        SELECT r.id AS raw_id, r.outcome, r.merchant_id, r.channel, r.channel_trade_no, r.out_trade_no
                          FROM pay_notify_raw r
                          LEFT JOIN (SELECT DISTINCT raw_id FROM ops_alert WHERE raw_id IS NOT NULL
                                        AND alert_key NOT LIKE '%:refund-notice:%' AND alert_key NOT LIKE '%:refund:%') a
                                 ON a.raw_id = r.id
                         WHERE r.handled = 2 AND a.raw_id IS NULL AND (:all OR r.out_trade_no LIKE :like)
                         ORDER BY r.id""",
                Map.of());
        sql.check(found, Invariant.ILLEGAL_PAYMENT_HAS_REFUND_TASK,
                "a double payment or payment after close without its refund task (order, trade, amount)", """
                        SELECT r.id AS raw_id, r.outcome, r.tenant_id, r.merchant_id, r.out_trade_no, r.channel,
                               r.channel_trade_no, r.paid_amount_minor, r.currency
                          FROM pay_notify_raw r
                         WHERE r.outcome IN ('ILLEGAL_DOUBLE_PAYMENT', 'ILLEGAL_PAID_AFTER_CLOSE')
                           AND (:all OR r.out_trade_no LIKE :like)
                           AND NOT EXISTS (SELECT 1 FROM refund_task t JOIN orders o ON o.id = t.order_id
                                            WHERE o.merchant_id = r.merchant_id AND o.out_trade_no = r.out_trade_no
                                              AND t.tenant_id = r.tenant_id AND t.channel = r.channel
                                              AND t.channel_trade_no = r.channel_trade_no
                                              AND t.amount_minor = r.paid_amount_minor AND t.currency = r.currency)
                         ORDER BY r.id""", Map.of());
        counts(checked);
        return found;
    }

    private void counts(Map<String, Long> checked) {
        checked.put("pay_notify_raw", sql.count("""
                SELECT COUNT(*) FROM pay_notify_raw r WHERE (:all OR r.out_trade_no LIKE :like)"""));
        checked.put("pay_notify_raw handled=2", sql.count("""
                SELECT COUNT(*) FROM pay_notify_raw r WHERE r.handled = 2 AND (:all OR r.out_trade_no LIKE :like)"""));
        checked.put("pay_notify_raw refundable outcomes", sql.count("""
                SELECT COUNT(*) FROM pay_notify_raw r
                 WHERE r.outcome IN ('ILLEGAL_DOUBLE_PAYMENT', 'ILLEGAL_PAID_AFTER_CLOSE')
                   AND (:all OR r.out_trade_no LIKE :like)"""));
        checked.put("ops_alert", sql.count("""
                SELECT COUNT(*) FROM ops_alert a WHERE (:all OR a.out_trade_no LIKE :like)"""));
        checked.put("refund_task", sql.count("""
                SELECT COUNT(*) FROM refund_task t LEFT JOIN orders o ON o.id = t.order_id
                 WHERE (:all OR o.out_trade_no LIKE :like)"""));
    }

}
