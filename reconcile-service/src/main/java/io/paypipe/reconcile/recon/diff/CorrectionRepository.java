package io.paypipe.reconcile.recon.diff;

import io.paypipe.core.money.Money;
import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code ledger_correction}: a correction of our side is a new row, never an update of a
 * money row; our effective amount of a payment (refund_no '') or refund is its stored
 * amount plus its corrections, which the next comparison reads. One row per difference
 * (unique {@code diff_id}).
 */
@Repository
class CorrectionRepository {

    private final JdbcClient jdbc;

    CorrectionRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The correction of {@code diff} by {@code amount} (signed). */
    void insert(Diff diff, Money amount, String by, String reason, Instant now) {
        jdbc.sql("""
                INSERT INTO ledger_correction (diff_id, channel, merchant_id, channel_trade_no, refund_no, amount_minor,
                    currency, reason, created_by, created_at)
                VALUES (:diff, :channel, :merchant, :trade, :refundNo, :amount, :currency, :reason, :by, :now)
                """)
            .param("diff", diff.id())
            .param("channel", diff.channel())
            .param("merchant", diff.merchantId())
            .param("trade", diff.channelTradeNo())
            .param("refundNo", diff.refundNo())
            .param("amount", amount.minor())
            .param("currency", amount.currency())
            .param("reason", reason)
            .param("by", by)
            .param("now", Timestamp.from(now))
            .update();
    }

}
