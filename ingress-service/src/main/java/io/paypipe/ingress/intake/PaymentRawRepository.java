package io.paypipe.ingress.intake;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;

/**
 * {@code pay_notify_raw}. Deliberately not transactional: the reservation is one
 * autocommit INSERT on the unique key {@code (merchant_id, channel, channel_trade_no)},
 * so a concurrent duplicate waits for a single-row insert at most and then gets the
 * duplicate-key error, never a check-then-insert race. No INSERT IGNORE / ON DUPLICATE
 * KEY: those would hide truncation and type errors. The row keeps everything its
 * {@code PaymentNotified} carries ({@code payment_state}, {@code paid_at} with the rest),
 * so reconcile-service can publish a row still unsettled again as the same event (the raw
 * table is the outbox); {@code receivedAt} is {@code created_at}.
 * <p>
 * {@link PaymentRawBatcher} inserts payments that arrive together with {@link #insertAll}
 * instead: one multi-row INSERT, autocommit too, so all of its rows or none; a key that
 * exists already fails it with the same duplicate-key error. Its rows' ids come from its
 * generated keys or a read-back, as {@link #rowIds()} says this server allows.
 */
@Repository
class PaymentRawRepository implements RawTable<VerifiedPayment> {

    private static final String INSERT = """
            INSERT INTO pay_notify_raw (tenant_id, merchant_id, sp_merchant_id, channel, channel_trade_no,
                out_trade_no, notify_id, trade_state, payment_state, order_amount_minor, paid_amount_minor,
                paid_at, currency, handled, attempts, raw_body, created_at, updated_at, last_delivered_at)
            VALUES\s""";

    private static final String INSERT_ONE = INSERT + values("");

    /**
     * The statements of a group by its size, built once each (at most max-rows of each).
     */
    private final Map<Integer, String> insertSql = new ConcurrentHashMap<>();

    private final Map<Integer, String> selectSql = new ConcurrentHashMap<>();

    private final JdbcClient jdbc;

    PaymentRawRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public Reservation reserve(VerifiedPayment n, Instant now) {
        try {
            return new Reservation.Created(insert(n, now));
        }
        catch (DuplicateKeyException duplicate) {
            return new Reservation.Existing(findByTradeKey(TradeKey.of(n)));
        }
    }

    private long insert(VerifiedPayment n, Instant now) {
        KeyHolder keys = new GeneratedKeyHolder();
        bind(jdbc.sql(INSERT_ONE), "", n, now).update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    /**
     * Inserts the rows of {@code payments} in one statement (autocommit: all or none);
     * fails with {@link DuplicateKeyException} if any of their keys exists.
     */
    void insertAll(List<RawRowGroups.Pending> payments) {
        insertStatement(payments).update();
    }

    /**
     * As {@link #insertAll}, and the ids the statement generated, as the driver reports
     * them: one per row in the order of {@code payments} only where {@link #rowIds()} is
     * {@link RowIds#GENERATED}.
     */
    List<Long> insertAllReturningIds(List<RawRowGroups.Pending> payments) {
        KeyHolder keys = new GeneratedKeyHolder();
        insertStatement(payments).update(keys, "id");
        return keys.getKeyList().stream().map(key -> ((Number) key.values().iterator().next()).longValue()).toList();
    }

    /** How this server lets a group learn its ids ({@code innodb_autoinc_lock_mode}). */
    RowIds rowIds() {
        return RowIds.forLockMode(jdbc.sql("SELECT @@innodb_autoinc_lock_mode").query(Integer.class).single());
    }

    private JdbcClient.StatementSpec insertStatement(List<RawRowGroups.Pending> payments) {
        JdbcClient.StatementSpec statement = jdbc
            .sql(insertSql.computeIfAbsent(payments.size(), PaymentRawRepository::insertOf));
        for (int i = 0; i < payments.size(); i++) {
            statement = bind(statement, Integer.toString(i), payments.get(i).payment(), payments.get(i).at());
        }
        return statement;
    }

    /**
     * The rows that exist of {@code keys} (at most one each), by key; none when
     * {@code keys} is empty.
     */
    Map<TradeKey, RawRow> findByTradeKeys(List<TradeKey> keys) {
        if (keys.isEmpty()) {
            return Map.of();
        }
        JdbcClient.StatementSpec statement = jdbc
            .sql(selectSql.computeIfAbsent(keys.size(), PaymentRawRepository::selectOf));
        for (int i = 0; i < keys.size(); i++) {
            statement = statement.param("m" + i, keys.get(i).merchantId())
                .param("c" + i, keys.get(i).channel())
                .param("t" + i, keys.get(i).channelTradeNo());
        }
        return statement
            .query((rs, i) -> Map.entry(
                    new TradeKey(rs.getString("merchant_id"), rs.getString("channel"),
                            rs.getString("channel_trade_no")),
                    new RawRow(rs.getLong("id"), rs.getString("trade_state"), rs.getInt("handled"))))
            .list()
            .stream()
            .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    /** The INSERT of {@code rows} rows, each with its own numbered parameters. */
    private static String insertOf(int rows) {
        StringBuilder sql = new StringBuilder(INSERT);
        for (int i = 0; i < rows; i++) {
            sql.append(i == 0 ? "" : ", ").append(values(Integer.toString(i)));
        }
        return sql.toString();
    }

    /** The SELECT of {@code keys} trade keys, each with its own numbered parameters. */
    private static String selectOf(int keys) {
        StringBuilder sql = new StringBuilder(
                "SELECT id, merchant_id, channel, channel_trade_no, trade_state, handled FROM pay_notify_raw WHERE ");
        for (int i = 0; i < keys; i++) {
            sql.append(i == 0 ? "" : " OR ")
                .append("(merchant_id = :m")
                .append(i)
                .append(" AND channel = :c")
                .append(i)
                .append(" AND channel_trade_no = :t")
                .append(i)
                .append(')');
        }
        return sql.toString();
    }

    private static String values(String i) {
        return """
                (:tenantId#, :merchantId#, :spMerchantId#, :channel#, :channelTradeNo#, :outTradeNo#, :notifyId#,
                :tradeState#, :paymentState#, :orderAmount#, :paidAmount#, :paidAt#, :currency#, 0, 0, :rawBody#,
                :at#, :at#, :at#)""".replace("#", i);
    }

    private static JdbcClient.StatementSpec bind(JdbcClient.StatementSpec statement, String i, VerifiedPayment n,
            Instant now) {
        return statement.param("tenantId" + i, n.orderKey().tenantId().value())
            .param("merchantId" + i, n.orderKey().merchantId().value())
            .param("spMerchantId" + i, n.spMerchantId() == null ? null : n.spMerchantId().value())
            .param("channel" + i, n.channel().code())
            .param("channelTradeNo" + i, n.channelTradeNo().value())
            .param("outTradeNo" + i, n.orderKey().outTradeNo().value())
            .param("notifyId" + i, n.notifyId())
            .param("tradeState" + i, n.channelState())
            .param("paymentState" + i, n.state().name())
            .param("orderAmount" + i, n.orderAmount().minor())
            .param("paidAmount" + i, n.paidAmount().minor())
            .param("paidAt" + i, n.paidAt() == null ? null : Timestamp.from(n.paidAt()))
            .param("currency" + i, n.orderAmount().currency())
            .param("rawBody" + i, n.rawBody())
            .param("at" + i, Timestamp.from(now));
    }

    /** A raw row's unique key. */
    record TradeKey(String merchantId, String channel, String channelTradeNo) {

        static TradeKey of(VerifiedPayment n) {
            return new TradeKey(n.orderKey().merchantId().value(), n.channel().code(), n.channelTradeNo().value());
        }

    }

    @Override
    public void markDelivered(long id, Instant at) {
        jdbc.sql("""
                UPDATE pay_notify_raw SET last_delivered_at = GREATEST(COALESCE(last_delivered_at, :at), :at)
                WHERE id = :id
                """).param("at", Timestamp.from(at)).param("id", id).update();
    }

    /**
     * The row of a channel trade number; fails (DataAccessException) if there is none.
     */
    RawRow findByTradeKey(TradeKey key) {
        return jdbc.sql("""
                SELECT id, trade_state, handled FROM pay_notify_raw
                WHERE merchant_id = :merchantId AND channel = :channel AND channel_trade_no = :channelTradeNo
                """)
            .param("merchantId", key.merchantId())
            .param("channel", key.channel())
            .param("channelTradeNo", key.channelTradeNo())
            .query((rs, i) -> new RawRow(rs.getLong("id"), rs.getString("trade_state"), rs.getInt("handled")))
            .single();
    }

}
