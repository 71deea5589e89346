package io.paypipe.reconcile.recon.diff;

import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The frame of every finding statement: {@code INSERT INTO recon_diff (...) SELECT ...}
 * (the finding's SELECT in between) {@code ON DUPLICATE KEY UPDATE ...}. The unique key
 * is the difference's identity (channel, merchant, day, category, trade, refund number,
 * channel refund id, field), so a rerun of the day updates the row it found before
 * instead of adding one: the batch that last found it, both sides' values, updated_at. A
 * difference a rerun had resolved ({@value #RERUN}) is OPEN again; an IGNORED one, or one
 * a person or the ledger resolved, keeps its status. The assignments run left to right on
 * the row as updated so far (MariaDB), so the status test comes before the status
 * changes; every column is qualified (the SELECT's tables share names with recon_diff's).
 */
final class DiffUpsert {

    /** handled_by of a difference a rerun no longer found. */
    static final String RERUN = "recon:rerun";

    /**
     * The SELECT of a finding names these columns in this order, the first four and the
     * last three bound by {@link #bind}: {@code :batch, :channel, :merchant, :day,
     * <category>, <trade>, <refund_no>, <channel_refund_id>, <field>, <channel value>,
     * <local value>, 'OPEN', :now, :now}.
     */
    static final String INSERT = """
            INSERT INTO recon_diff (batch_id, channel, merchant_id, bill_day, category, channel_trade_no, refund_no,
                channel_refund_id, field, channel_value, local_value, handle_status, created_at, updated_at)
            """;

    private static final String REOPEN = "recon_diff.handle_status = 'RESOLVED' AND recon_diff.handled_by = '" + RERUN
            + "'";

    static final String UPSERT = """
            ON DUPLICATE KEY UPDATE
                recon_diff.handle_note = IF(%1$s, CONCAT('found again by batch ', VALUES(batch_id)),
                    recon_diff.handle_note),
                recon_diff.handled_at = IF(%1$s, NULL, recon_diff.handled_at),
                recon_diff.handle_status = IF(%1$s, 'OPEN', recon_diff.handle_status),
                recon_diff.handled_by = IF(recon_diff.handle_status = 'OPEN', NULL, recon_diff.handled_by),
                recon_diff.batch_id = VALUES(batch_id),
                recon_diff.channel_value = VALUES(channel_value),
                recon_diff.local_value = VALUES(local_value),
                recon_diff.updated_at = VALUES(updated_at)
            """.formatted(REOPEN);

    private DiffUpsert() {
    }

    /** {@code select} (a finding's SELECT ... FROM ... WHERE) framed as an upsert. */
    static String of(String select) {
        return INSERT + select + UPSERT;
    }

    /** The scope's parameters every finding binds. */
    static JdbcClient.StatementSpec bind(JdbcClient.StatementSpec spec, BatchScope scope, Instant now) {
        return spec.param("batch", scope.batchId())
            .param("channel", scope.channel().code())
            .param("merchant", scope.merchantId())
            .param("day", scope.day())
            .param("now", Timestamp.from(now));
    }

}
