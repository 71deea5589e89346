package io.paypipe.reconcile.recon.batch;

import io.paypipe.reconcile.bill.BillLine;
import java.sql.Timestamp;
import java.util.List;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.stereotype.Repository;

/**
 * {@code recon_bill_line}: a batch's bill lines, stored as read. One batched INSERT per
 * call (JdbcClient has no batch; Connector/J's {@code rewriteBatchedStatements} turns the
 * batch into multi-row INSERTs, one round trip per batch), in autocommit: a bill that
 * breaks off keeps the lines read before, and its batch is blocked.
 */
@Repository
class BillLineRepository {

    private static final String INSERT = """
            INSERT INTO recon_bill_line (batch_id, line_no, kind, channel_trade_no, out_trade_no, refund_no,
                channel_refund_id, amount_minor, fee_minor, currency, occurred_at, channel_state)
            VALUES (:batchId, :lineNo, :kind, :tradeNo, :outTradeNo, :refundNo, :refundId, :amount, :fee, :currency,
                :at, :state)
            """;

    private final NamedParameterJdbcTemplate jdbc;

    BillLineRepository(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void insert(long batchId, List<BillLine> lines) {
        SqlParameterSource[] rows = new SqlParameterSource[lines.size()];
        for (int i = 0; i < rows.length; i++) {
            BillLine line = lines.get(i);
            rows[i] = new MapSqlParameterSource().addValue("batchId", batchId)
                .addValue("lineNo", line.lineNumber())
                .addValue("kind", line.kind().name())
                .addValue("tradeNo", line.channelTradeNo())
                .addValue("outTradeNo", line.outTradeNo().orElse(null))
                .addValue("refundNo", line.refundNo().orElse(null))
                .addValue("refundId", line.channelRefundId().orElse(null))
                .addValue("amount", line.amount().minor())
                .addValue("fee", line.fee().minor())
                .addValue("currency", line.amount().currency())
                .addValue("at", Timestamp.from(line.occurredAt()))
                .addValue("state", line.channelState());
        }
        jdbc.batchUpdate(INSERT, rows);
    }

}
