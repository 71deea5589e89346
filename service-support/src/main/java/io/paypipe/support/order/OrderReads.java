package io.paypipe.support.order;

import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The reads of {@code orders} the services share, each one statement: by the merchant's
 * order number, plain or locked until the end of the transaction, and locked by id. A
 * service's orders repository extends it with its own row type (its {@code rows} mapper
 * reads {@link OrderColumns} and the {@code extraColumns} only that service selects) and
 * adds its own writes through {@link #jdbc}: the processor creates and pays orders,
 * refund-service moves their refund status.
 */
public class OrderReads<R> {

    protected final JdbcClient jdbc;

    private final String columns;

    private final RowMapper<R> rows;

    /**
     * @param extraColumns columns selected after {@link OrderColumns#NAMES}, with a
     * leading comma ({@code ", paid_at, closed_by"}), or empty
     */
    protected OrderReads(JdbcClient jdbc, String extraColumns, RowMapper<R> rows) {
        this.jdbc = jdbc;
        this.columns = OrderColumns.NAMES + extraColumns;
        this.rows = rows;
    }

    public Optional<R> find(MerchantId merchant, OutTradeNo outTradeNo) {
        return jdbc.sql("SELECT " + columns + " FROM orders WHERE merchant_id = :merchant AND out_trade_no = :no")
            .param("merchant", merchant.value())
            .param("no", outTradeNo.value())
            .query(rows)
            .optional();
    }

    /**
     * The orders of {@code keys} that exist, in one statement, in no particular order
     * (none for no keys).
     */
    public List<R> findAll(Collection<OrderKey> keys) {
        if (keys.isEmpty()) {
            return List.of();
        }
        Map<String, Object> params = new HashMap<>();
        return jdbc
            .sql("SELECT " + columns + " FROM orders WHERE (merchant_id, out_trade_no) IN (" + keyList(keys, params)
                    + ")")
            .params(params)
            .query(rows)
            .list();
    }

    /**
     * {@code (:m0, :o0), (:m1, :o1)}: the row values of {@code keys}, for
     * {@code (merchant_id, out_trade_no) IN (...)}; their parameters go to
     * {@code params}.
     */
    protected static String keyList(Collection<OrderKey> keys, Map<String, Object> params) {
        var sql = new StringBuilder();
        int i = 0;
        for (OrderKey key : keys) {
            sql.append(i == 0 ? "" : ", ").append("(:m").append(i).append(", :o").append(i).append(')');
            params.put("m" + i, key.merchantId().value());
            params.put("o" + i, key.outTradeNo().value());
            i++;
        }
        return sql.toString();
    }

    /**
     * The order, locked until the end of the transaction. A locking read also sees what
     * another transaction committed since this one's snapshot (REPEATABLE READ), e.g.
     * after a guarded update changed nothing.
     */
    public Optional<R> lock(MerchantId merchant, OutTradeNo outTradeNo) {
        return jdbc
            .sql("SELECT " + columns + " FROM orders WHERE merchant_id = :merchant AND out_trade_no = :no FOR UPDATE")
            .param("merchant", merchant.value())
            .param("no", outTradeNo.value())
            .query(rows)
            .optional();
    }

    /**
     * The order, locked until the end of the transaction (see
     * {@link #lock(MerchantId, OutTradeNo)}).
     */
    public Optional<R> lock(OrderId id) {
        return jdbc.sql("SELECT " + columns + " FROM orders WHERE id = :id FOR UPDATE")
            .param("id", id.value())
            .query(rows)
            .optional();
    }

}
