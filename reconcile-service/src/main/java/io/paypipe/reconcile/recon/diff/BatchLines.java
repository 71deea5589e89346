package io.paypipe.reconcile.recon.diff;

import io.paypipe.core.id.Channel;
import io.paypipe.support.order.OrderColumns;
import java.time.LocalDate;
import java.util.List;
import java.util.OptionalLong;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * What the comparison reads of {@code recon_batch} and {@code recon_bill_line} besides
 * the findings: the neighbouring days' batches, the lines compared, and the orders of the
 * payments only the channel has.
 */
@Repository
class BatchLines {

    /**
     * A CHANNEL_ONLY payment difference whose order (by the line's out_trade_no) is
     * PENDING or CLOSED: to be queried at the channel.
     */
    record ChannelOnly(long diffId, String channelTradeNo, OrderColumns order) {
    }

    /**
     * The batch's payment lines by trade, with the line's out_trade_no (a bill may list a
     * trade twice).
     */
    private static final String PAYMENT_TRADES = """
            (SELECT channel_trade_no, MIN(out_trade_no) AS out_trade_no FROM recon_bill_line
              WHERE batch_id = :batch AND kind = 'PAYMENT' GROUP BY channel_trade_no) b
            """;

    private final JdbcClient jdbc;

    BatchLines(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The latest finished, not blocked batch of a merchant's day at a channel (CLEAN,
     * DIFFS or EMPTY_DAY): the bill of that day as last read.
     */
    OptionalLong latestFinished(Channel channel, String merchantId, LocalDate day) {
        return jdbc.sql("""
                SELECT id FROM recon_batch
                 WHERE channel = :channel AND merchant_id = :merchant AND bill_day = :day
                   AND status IN ('CLEAN', 'DIFFS', 'EMPTY_DAY') AND finished_at IS NOT NULL
                 ORDER BY finished_at DESC, id DESC LIMIT 1
                """)
            .param("channel", channel.code())
            .param("merchant", merchantId)
            .param("day", day)
            .query(Long.class)
            .optional()
            .map(OptionalLong::of)
            .orElse(OptionalLong.empty());
    }

    long lines(long batchId) {
        return jdbc.sql("SELECT COUNT(*) FROM recon_bill_line WHERE batch_id = :batch")
            .param("batch", batchId)
            .query(Long.class)
            .single();
    }

    /**
     * Notes on the batch's OPEN CHANNEL_ONLY payment differences what their order allows:
     * {@code no such order}, {@code order is <status>: not queried}, or the query about
     * to be scheduled (PENDING, CLOSED).
     */
    int noteChannelOnly(long batchId) {
        return jdbc.sql("""
                UPDATE recon_diff d
                  JOIN %s ON b.channel_trade_no = d.channel_trade_no
                  LEFT JOIN orders o ON o.merchant_id = d.merchant_id AND o.out_trade_no = b.out_trade_no
                   SET d.handle_note = CASE
                         WHEN o.id IS NULL THEN 'no such order'
                         WHEN o.status IN ('PENDING', 'CLOSED')
                           THEN CONCAT('order ', o.status, ': queried at the channel (batch ', :batch, ')')
                         ELSE CONCAT('order is ', o.status, ': not queried') END
                 WHERE d.batch_id = :batch AND d.category = 'CHANNEL_ONLY' AND d.field = 'payment'
                   AND d.handle_status = 'OPEN'
                """.formatted(PAYMENT_TRADES)).param("batch", batchId).update();
    }

    /**
     * The batch's OPEN CHANNEL_ONLY payment differences whose order is PENDING or CLOSED,
     * with the order.
     */
    List<ChannelOnly> toQuery(long batchId) {
        return jdbc.sql("""
                SELECT d.id AS diff_id, d.channel_trade_no AS diff_trade_no, o.id, o.tenant_id, o.merchant_id,
                       o.sp_merchant_id, o.out_trade_no, o.channel, o.amount_minor, o.currency, o.status,
                       o.channel_trade_no, o.paid_amount_minor
                  FROM recon_diff d
                  JOIN %s ON b.channel_trade_no = d.channel_trade_no
                  JOIN orders o ON o.merchant_id = d.merchant_id AND o.out_trade_no = b.out_trade_no
                 WHERE d.batch_id = :batch AND d.category = 'CHANNEL_ONLY' AND d.field = 'payment'
                   AND d.handle_status = 'OPEN' AND o.status IN ('PENDING', 'CLOSED')
                 ORDER BY d.id
                """.formatted(PAYMENT_TRADES))
            .param("batch", batchId)
            .query((rs, i) -> new ChannelOnly(rs.getLong("diff_id"), rs.getString("diff_trade_no"),
                    OrderColumns.read(rs)))
            .list();
    }

}
