package io.paypipe.bench.bill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.paypipe.bench.report.BillSummary;
import io.paypipe.embedded.TestInfra;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The seeding against a real MariaDB, on {@code payment_ledger} created from the
 * product's own migrations (V1's table, V13's day index): a day's generated payments land
 * once, a second run inserts nothing, and a day that could not reconcile clean is
 * refused.
 */
class LedgerSeederIntegrationTest {

    private static HikariDataSource dataSource;

    private static JdbcClient jdbc;

    private final PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @BeforeAll
    static void ledger() throws IOException {
        TestInfra infra = TestInfra.get();
        dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(infra.jdbcUrl());
        dataSource.setUsername(infra.username());
        dataSource.setPassword(infra.password());
        dataSource.setMaximumPoolSize(2);
        dataSource.addDataSourceProperty("rewriteBatchedStatements", "true");
        jdbc = JdbcClient.create(dataSource);
        jdbc.sql("DROP TABLE IF EXISTS payment_ledger").update();
        jdbc.sql(statement("db/migration/V1__orders_notifications_ledger.sql", "CREATE TABLE payment_ledger")).update();
        jdbc.sql(statement("db/migration/V13__recon_day_indexes.sql", "ALTER TABLE payment_ledger")).update();
    }

    @AfterAll
    static void close() {
        jdbc.sql("DROP TABLE IF EXISTS payment_ledger").update();
        dataSource.close();
    }

    /** The statement of a migration file that starts with {@code start}, to its ';'. */
    private static String statement(String resource, String start) throws IOException {
        try (InputStream in = LedgerSeederIntegrationTest.class.getClassLoader().getResourceAsStream(resource)) {
            String sql = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            Matcher m = Pattern.compile(Pattern.quote(start) + "[^;]*;").matcher(sql);
            assertThat(m.find()).as(start + " in " + resource).isTrue();
            return m.group();
        }
    }

    @Test
    void givenAnEmptyDay_whenSeededTwice_thenThePaymentsLandOnceAndTheSecondRunInsertsNothing() {
        // Given a day with nothing in the ledger
        GeneratedPayments day = new GeneratedPayments(LocalDate.of(2020, 1, 6), 12_345);
        LedgerSeeder seeder = new LedgerSeeder(dataSource, out);

        // When it is seeded, then again
        BillSummary.Seeding first = seeder.seed(day, "1900000100");
        BillSummary.Seeding second = seeder.seed(day, "1900000100");

        // Then every payment is there once, in the day, at its amount; the second run
        // found them
        assertThat(first).extracting(BillSummary.Seeding::ledgerRowsBefore, BillSummary.Seeding::inserted)
            .containsExactly(0L, 12_345L);
        assertThat(second).extracting(BillSummary.Seeding::ledgerRowsBefore, BillSummary.Seeding::inserted)
            .containsExactly(12_345L, 0L);
        assertThat(jdbc.sql("""
                SELECT COUNT(*) FROM payment_ledger WHERE merchant_id = '1900000100' AND channel = 'wechatpay'
                   AND paid_at >= :start AND paid_at < :end""")
            .param("start", Timestamp.from(day.dayStart()))
            .param("end", Timestamp.from(day.dayEnd()))
            .query(Long.class)
            .single()).isEqualTo(12_345L);
        assertThat(
                jdbc.sql("SELECT SUM(paid_amount_minor) FROM payment_ledger WHERE channel_trade_no LIKE 'GEN20200106%'")
                    .query(Long.class)
                    .single())
            .isEqualTo(sumOfAmounts(day));
        assertThat(jdbc.sql("SELECT paid_amount_minor FROM payment_ledger WHERE channel_trade_no = :t")
            .param("t", day.nth(1_234).channelTradeNo())
            .query(Long.class)
            .single()).isEqualTo(334L);
    }

    @Test
    void givenADaySeededForFewerLines_whenSeededForMore_thenTheRestIsAdded() {
        LedgerSeeder seeder = new LedgerSeeder(dataSource, out);
        seeder.seed(new GeneratedPayments(LocalDate.of(2020, 2, 3), 1_000), "1900000100");

        BillSummary.Seeding more = seeder.seed(new GeneratedPayments(LocalDate.of(2020, 2, 3), 3_000), "1900000100");

        assertThat(more.ledgerRowsBefore()).isEqualTo(1_000);
        assertThat(more.inserted()).isEqualTo(2_000);
    }

    @Test
    void givenADaySeededForMoreLinesOrAnotherMerchant_whenSeeded_thenItIsRefusedNotMeasured() {
        // Given a day seeded with 2 000 payments of one merchant
        LedgerSeeder seeder = new LedgerSeeder(dataSource, out);
        LocalDate date = LocalDate.of(2020, 3, 2);
        seeder.seed(new GeneratedPayments(date, 2_000), "1900000100");

        // When a smaller bill of the day, or the bill of another merchant, is to be
        // seeded
        // Then both are refused: their batch could not be clean
        assertThatThrownBy(() -> seeder.seed(new GeneratedPayments(date, 1_000), "1900000100"))
            .isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("choose another --bill-day");
        assertThatThrownBy(() -> seeder.seed(new GeneratedPayments(date, 2_000), "1900000200"))
            .isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("GEN20200302");
    }

    private static long sumOfAmounts(GeneratedPayments day) {
        long sum = 0;
        for (long i = 0; i < day.count(); i++) {
            sum += day.nth(i).amountMinor();
        }
        return sum;
    }

}
