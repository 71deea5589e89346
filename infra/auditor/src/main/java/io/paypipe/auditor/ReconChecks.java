package io.paypipe.auditor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The daily bill reconciliation (reconcile-service, issue 14) as a person relies on it: a
 * batch that gave up (BLOCKED) or found differences (DIFFS) has its alert; a batch that
 * passed the guards (CLEAN, DIFFS, EMPTY_DAY) read a bill that is provably complete — a
 * summary whose line count is the lines read, every line stored for the comparison — and
 * its status agrees with its open differences; a correction of the ledger answers an
 * AMOUNT difference it resolved. Batches, differences and corrections belong to no order:
 * they are audited with {@link AuditScope#ALL} only (their queries hold {@code :all}).
 */
final class ReconChecks {

    private final SqlChecks sql;

    ReconChecks(SqlChecks sql) {
        this.sql = sql;
    }

    List<Violation> run(Map<String, Long> checked) {
        List<Violation> found = new ArrayList<>();
        sql.check(found, Invariant.RECON_BATCH_HAS_ALERT,
                "a BLOCKED or DIFFS reconciliation batch without its RECON_BLOCKED / RECON_DIFFS alert", """
                        SELECT b.id AS batch_id, b.channel, b.merchant_id, b.bill_day, b.run_kind, b.run_no, b.status
                          FROM recon_batch b
                         WHERE :all AND b.status IN ('BLOCKED', 'DIFFS')
                           AND NOT EXISTS (SELECT 1 FROM ops_alert a
                                            WHERE a.alert_key = CONCAT(IF(b.status = 'BLOCKED', 'RECON_BLOCKED:',
                                                                          'RECON_DIFFS:'), b.id))
                         ORDER BY b.id""", Map.of());
        sql.check(found, Invariant.RECON_PASSED_BILL_COMPLETE,
                "a reconciliation batch that passed the guards on a bill not provably complete, or whose status "
                        + "does not match its open differences",
                """
                        SELECT b.id AS batch_id, b.channel, b.merchant_id, b.bill_day, b.status, b.rows_read,
                               b.summary_lines, b.diffs_open,
                               (SELECT COUNT(*) FROM recon_bill_line l WHERE l.batch_id = b.id) AS lines_stored
                          FROM recon_batch b
                         WHERE :all AND b.status IN ('CLEAN', 'DIFFS', 'EMPTY_DAY')
                           AND (b.summary_lines IS NULL OR b.summary_lines <> b.rows_read
                                OR b.rows_read <> (SELECT COUNT(*) FROM recon_bill_line l WHERE l.batch_id = b.id)
                                OR (b.status = 'EMPTY_DAY' AND b.rows_read <> 0)
                                OR (b.status = 'DIFFS') <> (b.diffs_open > 0))
                         ORDER BY b.id""", Map.of());
        sql.check(found, Invariant.RECON_CORRECTION_RESOLVES_AMOUNT_DIFF,
                "a ledger correction that answers no resolved AMOUNT difference of its merchant and trade", """
                        SELECT c.id AS correction_id, c.diff_id, c.channel, c.merchant_id, c.channel_trade_no,
                               c.refund_no, c.amount_minor, c.currency
                          FROM ledger_correction c
                         WHERE :all AND NOT EXISTS (SELECT 1 FROM recon_diff d
                                                     WHERE d.id = c.diff_id AND d.category = 'AMOUNT'
                                                       AND d.handle_status = 'RESOLVED' AND d.channel = c.channel
                                                       AND d.merchant_id = c.merchant_id
                                                       AND d.channel_trade_no = c.channel_trade_no
                                                       AND d.refund_no = c.refund_no)
                         ORDER BY c.id""", Map.of());
        checked.put("recon_batch finished", sql.count("""
                SELECT COUNT(*) FROM recon_batch b WHERE :all AND b.status <> 'RUNNING'"""));
        checked.put("ledger_correction rows", sql.count("""
                SELECT COUNT(*) FROM ledger_correction c WHERE :all"""));
        return found;
    }

}
