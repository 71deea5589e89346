package io.paypipe.processor.support;

import io.paypipe.core.id.OrderKey;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * What the processor's integration tests read back from the database: an order's status,
 * a raw row's columns.
 */
public final class Rows {

    private final JdbcClient jdbc;

    public Rows(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The order's status, or {@code ABSENT}. */
    public String status(OrderKey key) {
        return jdbc.sql("SELECT status FROM orders WHERE merchant_id = :m AND out_trade_no = :o")
            .param("m", key.merchantId().value())
            .param("o", key.outTradeNo().value())
            .query(String.class)
            .optional()
            .orElse("ABSENT");
    }

    public int handled(long rawId) {
        return jdbc.sql("SELECT handled FROM pay_notify_raw WHERE id = :id")
            .param("id", rawId)
            .query(Integer.class)
            .single();
    }

    /** The raw row's outcome, or {@code NONE}. */
    public String outcome(long rawId) {
        return jdbc.sql("SELECT outcome FROM pay_notify_raw WHERE id = :id")
            .param("id", rawId)
            .query(String.class)
            .optional()
            .orElse("NONE");
    }

    /** The raw row's last error, or an empty string. */
    public String lastError(long rawId) {
        return jdbc.sql("SELECT last_error FROM pay_notify_raw WHERE id = :id")
            .param("id", rawId)
            .query((rs, i) -> java.util.Objects.toString(rs.getString(1), ""))
            .single();
    }

    /** A {@code COUNT(*)} query with one parameter {@code :v}. */
    public long count(String sql, String value) {
        return jdbc.sql(sql).param("v", value).query(Long.class).single();
    }

}
