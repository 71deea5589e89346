package io.paypipe.bench.floor;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The floor of the store step: plain JDBC autocommit INSERTs of rows shaped like
 * ingress's {@code pay_notify_raw} rows (same table definition, so the same unique key
 * {@code (merchant_id, channel, channel_trade_no)}, and a {@code raw_body} of the
 * benchmark's notification size) into a copy of that table, at the same concurrency.
 */
public final class JdbcFloor {

    private static final String TABLE = "bench_floor_notify_raw";

    private static final String INSERT = "INSERT INTO " + TABLE + " (tenant_id, merchant_id, channel, channel_trade_no,"
            + " out_trade_no, notify_id, trade_state, order_amount_minor, paid_amount_minor, currency, handled, attempts,"
            + " raw_body, created_at, updated_at) VALUES (?, ?, 'wechatpay', ?, ?, ?, 'SUCCESS', ?, ?, 'CNY', 0, 0, ?, ?, ?)";

    private final DataSource dataSource;

    /** {@code dataSource} must offer at least {@code concurrency} connections. */
    public JdbcFloor(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public FloorStats measure(int concurrency, Duration duration, int bodyBytes) {
        JdbcClient jdbc = JdbcClient.create(dataSource);
        jdbc.sql("CREATE TABLE IF NOT EXISTS " + TABLE + " LIKE pay_notify_raw").update();
        jdbc.sql("TRUNCATE TABLE " + TABLE).update();
        String body = "x".repeat(bodyBytes);
        String run = Long.toString(System.currentTimeMillis(), 36);
        FloorStats stats = ClosedLoop.run("jdbc autocommit INSERT", concurrency, duration, n -> {
            try (Connection c = dataSource.getConnection(); PreparedStatement insert = c.prepareStatement(INSERT)) {
                c.setAutoCommit(true);
                Timestamp now = Timestamp.from(Instant.now());
                insert.setString(1, "bench");
                insert.setString(2, "1900000100");
                insert.setString(3, "42" + run + String.format("%016d", n));
                insert.setString(4, "FLOOR" + run + "-" + n);
                insert.setString(5, run + "-" + n);
                insert.setLong(6, 100 + n % 1000);
                insert.setLong(7, 100 + n % 1000);
                insert.setString(8, body);
                insert.setTimestamp(9, now);
                insert.setTimestamp(10, now);
                insert.executeUpdate();
            }
        });
        jdbc.sql("DROP TABLE " + TABLE).update();
        return stats;
    }

}
