package io.paypipe.auditor;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The raw refund notifications ({@code pay_refund_raw}, stored by ingress, one row per
 * status of a refund, settled by refund-service) as {@link SettlementChecks} sees the
 * payment ones: they settle within the retry budget after their last delivery, those that
 * need a person have refund-service's alert about them (key
 * {@code <kind>:refund-notice:<raw id>} with {@code raw_id}: {@code raw_id} alone does
 * not say which raw table it is an id of), and the refunds that notices moved have the
 * raw rows they were moved by (so the first two cannot pass by reading an empty or
 * another raw table). Raw rows are scoped by their own {@code out_trade_no} (a row that
 * names no order only without a prefix), refunds and their transitions by the refund's.
 */
final class RefundRawChecks {

    private final SqlChecks sql;

    RefundRawChecks(SqlChecks sql) {
        this.sql = sql;
    }

    List<Violation> run(Instant now, Duration retryBudget, Map<String, Long> checked) {
        List<Violation> found = new ArrayList<>();
        sql.check(found, Invariant.REFUND_RAW_SETTLED,
                "an acked refund notification still unsettled " + retryBudget + " after its last delivery", """
                        SELECT w.id AS raw_id, w.merchant_id, w.channel, w.refund_key, w.refund_state,
                               w.channel_trade_no, w.out_trade_no, w.attempts, w.last_error, w.created_at,
                               w.last_delivered_at
                          FROM pay_refund_raw w
                         WHERE w.handled = 0 AND COALESCE(w.last_delivered_at, w.created_at) < :before
                           AND (:all OR w.out_trade_no LIKE :like)
                         ORDER BY w.id""", Map.of("before", Timestamp.from(now.minus(retryBudget))));
        sql.check(found, Invariant.REFUND_RAW_NEEDS_PERSON_HAS_ALERT,
                "a refund notification at handled=2 without refund-service's ops_alert about it", """
                        SELECT w.id AS raw_id, w.merchant_id, w.channel, w.refund_key, w.refund_state,
                               w.channel_trade_no, w.out_trade_no, w.last_error
                          FROM pay_refund_raw w
                          LEFT JOIN (SELECT DISTINCT raw_id FROM ops_alert WHERE raw_id IS NOT NULL
                                        AND alert_key LIKE CONCAT('%:refund-notice:', raw_id)) a ON a.raw_id = w.id
                         WHERE w.handled = 2 AND a.raw_id IS NULL AND (:all OR w.out_trade_no LIKE :like)
                         ORDER BY w.id""", Map.of());
        sql.check(found, Invariant.REFUND_MOVED_BY_NOTICE_HAS_RAW_ROW,
                "a refund moved by a notice that names no raw refund row of the refund's merchant and trade", """
                        SELECT t.id AS transition_id, t.refund_id, r.merchant_id, r.refund_no, r.channel,
                               r.channel_trade_no, t.from_status, t.to_status, t.raw_id
                          FROM refund_transition t JOIN refund r ON r.id = t.refund_id
                         WHERE t.cause = 'NOTIFY' AND (:all OR r.out_trade_no LIKE :like)
                           AND NOT EXISTS (SELECT 1 FROM pay_refund_raw w WHERE w.id = t.raw_id
                                              AND w.merchant_id = r.merchant_id AND w.channel = r.channel
                                              AND w.channel_trade_no = r.channel_trade_no)
                         ORDER BY t.id""", Map.of());
        sql.check(found, Invariant.REFUND_MOVED_BY_NOTICE_HAS_RAW_ROW,
                "a refund made outside the product without a raw refund row of its merchant and trade", """
                        SELECT r.id AS refund_id, r.merchant_id, r.refund_no, r.channel, r.channel_trade_no, r.status
                          FROM refund r
                         WHERE r.source = 'CHANNEL' AND (:all OR r.out_trade_no LIKE :like)
                           AND NOT EXISTS (SELECT 1 FROM pay_refund_raw w WHERE w.merchant_id = r.merchant_id
                                              AND w.channel = r.channel AND w.channel_trade_no = r.channel_trade_no)
                         ORDER BY r.id""", Map.of());
        checked.put("pay_refund_raw handled=2", sql.count("""
                SELECT COUNT(*) FROM pay_refund_raw w WHERE w.handled = 2 AND (:all OR w.out_trade_no LIKE :like)"""));
        checked.put("refund_transition by notice", sql.count("""
                SELECT COUNT(*) FROM refund_transition t JOIN refund r ON r.id = t.refund_id
                 WHERE t.cause = 'NOTIFY' AND (:all OR r.out_trade_no LIKE :like)"""));
        return found;
    }

}
