package io.paypipe.auditor;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The refund invariants of issue 12: what one payment gives back stays within what it
 * paid, a successful refund has exactly one channel refund id, a refund number of a
 * merchant means one amount, a refund the channel has not settled within its query budget
 * is in front of a person, and orders in a refund state have the refunds that put them
 * there (so the other four cannot pass by reading an empty refund table). Refunds are
 * scoped by their own {@code out_trade_no} (the order's), raw refund rows by theirs,
 * orders by theirs.
 */
final class RefundChecks {

    private final SqlChecks sql;

    RefundChecks(SqlChecks sql) {
        this.sql = sql;
    }

    List<Violation> run(Instant now, Duration queryBudget, Map<String, Long> checked) {
        List<Violation> found = new ArrayList<>();
        sql.check(found, Invariant.REFUNDS_WITHIN_PAID,
                "successful, accepted and pending refunds of one payment exceed what that trade paid",
                """
                        SELECT CONCAT(f.channel, '/', f.channel_trade_no) AS payment, f.channel, f.channel_trade_no,
                               f.currency, f.refunds_minor, f.refunds, COALESCE(o.paid_amount_minor, t.amount_minor, 0) AS paid_minor,
                               CASE WHEN o.id IS NOT NULL THEN 'orders' WHEN t.id IS NOT NULL THEN 'refund_task'
                                    ELSE 'nothing' END AS paid_by
                          FROM (SELECT channel, channel_trade_no, currency, SUM(amount_minor) AS refunds_minor,
                                       GROUP_CONCAT(CONCAT(refund_no, ' ', status, ' ', amount_minor) ORDER BY id) AS refunds
                                  FROM refund WHERE status IN ('SUCCESS', 'ACCEPTED', 'PENDING')
                                   AND (:all OR out_trade_no LIKE :like)
                                 GROUP BY channel, channel_trade_no, currency) f
                          LEFT JOIN orders o ON o.channel = f.channel AND o.channel_trade_no = f.channel_trade_no
                                AND o.currency = f.currency
                          LEFT JOIN refund_task t ON t.channel = f.channel AND t.channel_trade_no = f.channel_trade_no
                                AND t.currency = f.currency
                         WHERE f.refunds_minor > COALESCE(o.paid_amount_minor, t.amount_minor, 0)
                         ORDER BY f.channel, f.channel_trade_no, f.currency""",
                Map.of());
        sql.check(found, Invariant.SUCCESS_REFUND_HAS_ONE_CHANNEL_REFUND_ID,
                "a successful refund without exactly one channel refund id", """
                        SELECT r.id AS refund_id, r.merchant_id, r.refund_no, r.channel, r.channel_trade_no,
                               r.channel_refund_id,
                               CASE WHEN COALESCE(r.channel_refund_id, '') = '' THEN 'none'
                                    WHEN EXISTS (SELECT 1 FROM refund s WHERE s.channel = r.channel AND s.id <> r.id
                                                    AND s.channel_refund_id = r.channel_refund_id)
                                         THEN 'also the id of another refund'
                                    ELSE 'the channel reported another id' END AS problem
                          FROM refund r
                         WHERE r.status = 'SUCCESS' AND (:all OR r.out_trade_no LIKE :like)
                           AND (COALESCE(r.channel_refund_id, '') = ''
                                OR EXISTS (SELECT 1 FROM refund s WHERE s.channel = r.channel AND s.id <> r.id
                                              AND s.channel_refund_id = r.channel_refund_id)
                                OR EXISTS (SELECT 1 FROM pay_refund_raw w WHERE w.merchant_id = r.merchant_id
                                              AND w.channel = r.channel AND w.refund_no = r.refund_no
                                              AND w.channel_refund_id <> r.channel_refund_id))
                         ORDER BY r.id""", Map.of());
        sql.check(found, Invariant.REFUND_NO_ONE_AMOUNT,
                "a merchant's refund number with another amount in a notice of it", """
                        SELECT CONCAT(r.merchant_id, '/', r.refund_no) AS refund, r.id AS refund_id, r.channel,
                               r.amount_minor, r.currency,
                               GROUP_CONCAT(DISTINCT CONCAT(w.refund_amount_minor, ' ', w.currency)) AS reported,
                               GROUP_CONCAT(w.id ORDER BY w.id) AS raw_ids
                          FROM refund r JOIN pay_refund_raw w ON w.merchant_id = r.merchant_id
                               AND w.channel = r.channel AND w.refund_no = r.refund_no
                         WHERE w.refund_amount_minor IS NOT NULL
                           AND (w.refund_amount_minor <> r.amount_minor OR w.currency <> r.currency)
                           AND (:all OR r.out_trade_no LIKE :like)
                         GROUP BY r.id, r.merchant_id, r.refund_no, r.channel, r.amount_minor, r.currency
                         ORDER BY r.id""", Map.of());
        sql.check(found, Invariant.REFUND_NO_ONE_AMOUNT, "notices of one refund with two amounts", """
                SELECT CONCAT(w.merchant_id, '/', w.refund_key) AS refund, w.channel,
                       GROUP_CONCAT(DISTINCT CONCAT(w.refund_amount_minor, ' ', w.currency)) AS reported,
                       GROUP_CONCAT(w.id ORDER BY w.id) AS raw_ids
                  FROM pay_refund_raw w
                 WHERE w.refund_amount_minor IS NOT NULL AND (:all OR w.out_trade_no LIKE :like)
                 GROUP BY w.merchant_id, w.channel, w.refund_key
                HAVING COUNT(DISTINCT w.refund_amount_minor, w.currency) > 1
                 ORDER BY MIN(w.id)""", Map.of());
        sql.check(found, Invariant.REFUND_FINAL_OR_ALERTED,
                "a refund neither final nor alerted " + queryBudget + " after it was made", """
                        SELECT r.id AS refund_id, r.merchant_id, r.refund_no, r.status, r.channel, r.channel_trade_no,
                               r.amount_minor, r.created_at, r.updated_at
                          FROM refund r
                         WHERE r.status IN ('PENDING', 'ACCEPTED') AND r.created_at < :before
                           AND (:all OR r.out_trade_no LIKE :like)
                           AND NOT EXISTS (SELECT 1 FROM ops_alert a WHERE a.kind LIKE 'REFUND%'
                                              AND a.merchant_id = r.merchant_id
                                              AND (LOCATE(r.refund_no, a.alert_key) > 0
                                                   OR LOCATE(r.refund_no, a.message) > 0))
                         ORDER BY r.id""", Map.of("before", Timestamp.from(now.minus(queryBudget))));
        sql.check(found, Invariant.ORDER_REFUND_STATE_HAS_REFUNDS,
                "an order in a refund state without the refunds that put it there", """
                        SELECT o.id AS order_id, o.merchant_id, o.out_trade_no, o.status, o.channel_trade_no
                          FROM orders o
                         WHERE o.status IN ('REFUNDING', 'PARTIALLY_REFUNDED', 'REFUNDED')
                           AND (:all OR o.out_trade_no LIKE :like)
                           AND NOT EXISTS (SELECT 1 FROM refund r WHERE r.order_id = o.id
                                              AND (o.status = 'REFUNDING' OR r.status = 'SUCCESS'))
                         ORDER BY o.id""", Map.of());
        checked.put("refund", sql.count("SELECT COUNT(*) FROM refund r WHERE (:all OR r.out_trade_no LIKE :like)"));
        checked.put("pay_refund_raw",
                sql.count("SELECT COUNT(*) FROM pay_refund_raw w WHERE (:all OR w.out_trade_no LIKE :like)"));
        return found;
    }

}
