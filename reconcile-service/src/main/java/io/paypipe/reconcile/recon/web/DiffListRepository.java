package io.paypipe.reconcile.recon.web;

import io.paypipe.core.id.Channel;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Reads {@code recon_diff} for the endpoints: the open differences a batch found, by
 * category, and the differences of a batch or of a merchant's day. One statement per
 * method.
 */
@Repository
class DiffListRepository {

    private final JdbcClient jdbc;

    DiffListRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A {@code recon_diff} row; a side the difference has no value for is empty. */
    record DiffRow(long id, long batchId, String channel, String merchantId, LocalDate day, String category,
            String channelTradeNo, String refundNo, String channelRefundId, String field, Optional<String> channelValue,
            Optional<String> localValue, String handleStatus, Optional<String> handledBy, Optional<Instant> handledAt,
            Optional<String> handleNote, Instant createdAt, Instant updatedAt) {
    }

    /** The open differences whose last finder is the batch, by category. */
    Map<String, Long> openByCategory(long batchId) {
        Map<String, Long> counts = new LinkedHashMap<>();
        jdbc.sql("""
                SELECT category, COUNT(*) AS n FROM recon_diff
                 WHERE batch_id = :batchId AND handle_status = 'OPEN'
                 GROUP BY category ORDER BY category
                """).param("batchId", batchId).query((rs) -> {
            counts.put(rs.getString("category"), rs.getLong("n"));
        });
        return counts;
    }

    /** The differences of a batch, or of a channel, merchant, day and status. */
    List<DiffRow> list(Optional<Long> batchId, Optional<Channel> channel, Optional<String> merchantId,
            Optional<LocalDate> day, Optional<String> status, int limit) {
        return jdbc.sql("""
                SELECT id, batch_id, channel, merchant_id, bill_day, category, channel_trade_no, refund_no,
                       channel_refund_id, field, channel_value, local_value, handle_status, handled_by, handled_at,
                       handle_note, created_at, updated_at
                  FROM recon_diff
                 WHERE (:batchId IS NULL OR batch_id = :batchId) AND (:channel IS NULL OR channel = :channel)
                   AND (:merchant IS NULL OR merchant_id = :merchant) AND (:day IS NULL OR bill_day = :day)
                   AND (:status IS NULL OR handle_status = :status)
                 ORDER BY id LIMIT :limit
                """)
            .param("batchId", batchId.orElse(null))
            .param("channel", channel.map(Channel::code).orElse(null))
            .param("merchant", merchantId.orElse(null))
            .param("day", day.orElse(null))
            .param("status", status.orElse(null))
            .param("limit", limit)
            .query(DiffListRepository::row)
            .list();
    }

    private static DiffRow row(ResultSet rs, int n) throws SQLException {
        return new DiffRow(rs.getLong("id"), rs.getLong("batch_id"), rs.getString("channel"),
                rs.getString("merchant_id"), rs.getObject("bill_day", LocalDate.class), rs.getString("category"),
                rs.getString("channel_trade_no"), rs.getString("refund_no"), rs.getString("channel_refund_id"),
                rs.getString("field"), Optional.ofNullable(rs.getString("channel_value")),
                Optional.ofNullable(rs.getString("local_value")), rs.getString("handle_status"),
                Optional.ofNullable(rs.getString("handled_by")), instant(rs, "handled_at"),
                Optional.ofNullable(rs.getString("handle_note")), rs.getTimestamp("created_at").toInstant(),
                rs.getTimestamp("updated_at").toInstant());
    }

    private static Optional<Instant> instant(ResultSet rs, String column) throws SQLException {
        return Optional.ofNullable(rs.getTimestamp(column)).map(Timestamp::toInstant);
    }

}
