package io.paypipe.reconcile.recon.diff;

import io.paypipe.core.money.Money;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;

/**
 * One {@code recon_diff} row as read (and as {@code GET /recon/diffs} shows it), the
 * channel by its code. The values are text: amounts as {@code "<minor units> <currency>"}
 * ({@link #amount}), statuses as words.
 */
record Diff(long id, long batchId, String channel, String merchantId, LocalDate billDay, Category category,
        String channelTradeNo, String refundNo, String channelRefundId, String field, Optional<String> channelValue,
        Optional<String> localValue, HandleStatus handleStatus, Optional<String> handledBy, Optional<Instant> handledAt,
        Optional<String> handleNote, Instant createdAt, Instant updatedAt) {

    static final String COLUMNS = "id, batch_id, channel, merchant_id, bill_day, category, channel_trade_no, refund_no,"
            + " channel_refund_id, field, channel_value, local_value, handle_status, handled_by, handled_at,"
            + " handle_note, created_at, updated_at";

    static Diff read(ResultSet rs) throws SQLException {
        return new Diff(rs.getLong("id"), rs.getLong("batch_id"), rs.getString("channel"), rs.getString("merchant_id"),
                rs.getObject("bill_day", LocalDate.class), Category.valueOf(rs.getString("category")),
                rs.getString("channel_trade_no"), rs.getString("refund_no"), rs.getString("channel_refund_id"),
                rs.getString("field"), Optional.ofNullable(rs.getString("channel_value")),
                Optional.ofNullable(rs.getString("local_value")), HandleStatus.valueOf(rs.getString("handle_status")),
                Optional.ofNullable(rs.getString("handled_by")),
                Optional.ofNullable(rs.getTimestamp("handled_at")).map(Timestamp::toInstant),
                Optional.ofNullable(rs.getString("handle_note")), rs.getTimestamp("created_at").toInstant(),
                rs.getTimestamp("updated_at").toInstant());
    }

    /**
     * An amount as the findings write it ({@code CONCAT(minor, ' ', currency)}); empty
     * when {@code value} is not one (a status word, nothing).
     */
    static Optional<Money> amount(Optional<String> value) {
        return value.flatMap(text -> {
            String[] parts = text.split(" ");
            if (parts.length != 2 || !parts[0].matches("-?[0-9]{1,18}") || !parts[1].matches("[A-Z]{3}")) {
                return Optional.empty();
            }
            return Optional.of(Money.of(Long.parseLong(parts[0]), parts[1]));
        });
    }

}
