package io.paypipe.bench.product;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.paypipe.embedded.TestInfra;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The stage cycles' counts against a real MariaDB, on tables created from the product's
 * own migrations (orders and pay_notify_raw from core's V1, shipment and points_grant
 * from the reference downstream's V1): only the cycle's orders count, also when another
 * order was created in the middle of the cycle's id range.
 */
class StageCountsIntegrationTest {

    private static final String CYCLE = "BENCHSTEST-";

    private static HikariDataSource dataSource;

    private static JdbcClient jdbc;

    @BeforeAll
    static void tables() throws IOException {
        TestInfra infra = TestInfra.get();
        dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(infra.jdbcUrl());
        dataSource.setUsername(infra.username());
        dataSource.setPassword(infra.password());
        dataSource.setMaximumPoolSize(2);
        jdbc = JdbcClient.create(dataSource);
        dropTables();
        String core = resource("db/migration/V1__orders_notifications_ledger.sql");
        jdbc.sql(statement(core, "CREATE TABLE orders")).update();
        jdbc.sql(statement(core, "CREATE TABLE pay_notify_raw")).update();
        // the tests run in infra/bench; the reference downstream is next to it
        String downstream = Files
            .readString(Path.of("../downstream/src/main/resources/db/downstream/V1__shipment_and_points.sql"));
        jdbc.sql(statement(downstream, "CREATE TABLE shipment")).update();
        jdbc.sql(statement(downstream, "CREATE TABLE points_grant")).update();
    }

    @AfterAll
    static void close() {
        dropTables();
        dataSource.close();
    }

    private static void dropTables() {
        jdbc.sql("DROP TABLE IF EXISTS orders, pay_notify_raw, shipment, points_grant").update();
    }

    @Test
    void givenACycleWithAForeignOrderInItsIdRange_thenEachCountIsTheCyclesOnly() {
        // Given three orders of the cycle, another order created between them, and their
        // effects (order 1 paid, shipped and granted twice, order 2 paid with two raw
        // rows)
        long first = order(CYCLE + "000001", "PAID");
        long foreign = order("OTHER-1", "PAID");
        long second = order(CYCLE + "000002", "PAID");
        order(CYCLE + "000003", "PENDING");
        raw(CYCLE + "000001", "4200001");
        raw(CYCLE + "000002", "4200002");
        raw(CYCLE + "000002", "4200003");
        raw("OTHER-1", "4200004");
        shipment(first, CYCLE + "000001", "e1");
        shipment(foreign, "OTHER-1", "e2");
        grant(first, "e1");
        grant(first, "e1-again");
        grant(second, "e3");
        grant(foreign, "e4");

        // When the cycle's counts are read
        StageCounts counts = new StageCounts(jdbc, CYCLE);

        // Then only the cycle's rows count
        assertThat(counts.paid()).isEqualTo(2);
        assertThat(counts.rawRows()).isEqualTo(3);
        assertThat(counts.ordersWithExtraRawRows()).isEqualTo(1);
        assertThat(counts.shipments()).isEqualTo(1);
        assertThat(counts.grants()).isEqualTo(3);
        assertThat(counts.ordersWithExtraGrants()).isEqualTo(1);
    }

    @Test
    void waitsUntilACountReachesItsTargetOrGivesUpAtTheTimeout() {
        AtomicLong count = new AtomicLong();
        long t0 = System.nanoTime();

        java.util.OptionalLong reached = StageCounts.millisUntil(count::incrementAndGet, 3, t0, Duration.ofMillis(10),
                Duration.ofSeconds(5));

        assertThat(reached).isPresent();
        assertThat(reached.getAsLong()).isBetween(15L, 4_000L);
        assertThat(count.get()).isEqualTo(3);
        assertThat(StageCounts.millisUntil(() -> 0, 1, System.nanoTime(), Duration.ofMillis(10), Duration.ofMillis(50)))
            .isEmpty();
    }

    private static long order(String outTradeNo, String status) {
        jdbc.sql("INSERT INTO orders (tenant_id, merchant_id, out_trade_no, channel, amount_minor, currency, status,"
                + " created_at, updated_at) VALUES ('t', '1900000100', :o, 'wechatpay', 100, 'CNY', :s, NOW(3), NOW(3))")
            .param("o", outTradeNo)
            .param("s", status)
            .update();
        return jdbc.sql("SELECT id FROM orders WHERE out_trade_no = :o")
            .param("o", outTradeNo)
            .query(Long.class)
            .single();
    }

    private static void raw(String outTradeNo, String tradeNo) {
        jdbc.sql("INSERT INTO pay_notify_raw (tenant_id, merchant_id, channel, channel_trade_no, out_trade_no,"
                + " trade_state, order_amount_minor, paid_amount_minor, currency, raw_body, created_at, updated_at)"
                + " VALUES ('t', '1900000100', 'wechatpay', :n, :o, 'SUCCESS', 100, 100, 'CNY', '{}', NOW(3), NOW(3))")
            .param("n", tradeNo)
            .param("o", outTradeNo)
            .update();
    }

    private static void shipment(long orderId, String outTradeNo, String eventId) {
        jdbc.sql("INSERT INTO shipment (event_id, order_id, merchant_id, out_trade_no, created_at)"
                + " VALUES (:e, :id, '1900000100', :o, NOW(3))")
            .param("e", eventId)
            .param("id", orderId)
            .param("o", outTradeNo)
            .update();
    }

    private static void grant(long orderId, String eventId) {
        jdbc.sql("INSERT INTO points_grant (event_id, order_id, merchant_id, points, created_at)"
                + " VALUES (:e, :id, '1900000100', 1, NOW(3))")
            .param("e", eventId)
            .param("id", orderId)
            .update();
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = StageCountsIntegrationTest.class.getClassLoader().getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The statement of a migration that starts with {@code start}, to its ';'. */
    private static String statement(String sql, String start) {
        Matcher m = Pattern.compile(Pattern.quote(start) + "[^;]*;").matcher(sql);
        assertThat(m.find()).as(start).isTrue();
        return m.group();
    }

}
