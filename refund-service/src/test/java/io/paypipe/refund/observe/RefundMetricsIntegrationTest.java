package io.paypipe.refund.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.refund.support.RefundIntegrationBase;
import io.paypipe.support.testing.Scrape;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * {@code paypipe_refunds{channel,status}} and {@code paypipe_refunds_overdue} as
 * Prometheus scrapes them: only the refunds not final are counted, only those whose
 * status has not moved for over {@code refund.overdue-after} (2h) are overdue, each
 * series is the database's count by the same rule, and both statements read the status
 * index, never every refund ever made.
 */
@TestPropertySource(properties = "refund.metrics-refresh-interval=300ms")
class RefundMetricsIntegrationTest extends RefundIntegrationBase {

    @Test
    void givenRefundsInEveryStateAndAge_whenTheGaugesRefresh_thenOnlyNotFinalCountAndOnlyOldOnesAreOverdue() {
        // Given four refunds of one order at Stripe: PENDING for 3 hours (overdue),
        // ACCEPTED a minute ago (in flight), SUCCESS and FAIL 3 hours ago (history)
        long order = 700_000_000L + System.nanoTime() % 100_000_000L;
        Instant now = Instant.now();
        refund(order, "PENDING", now.minus(Duration.ofHours(3)));
        refund(order, "ACCEPTED", now.minus(Duration.ofMinutes(1)));
        refund(order, "SUCCESS", now.minus(Duration.ofHours(3)));
        refund(order, "FAIL", now.minus(Duration.ofHours(3)));

        // When the gauges refresh, then each series is the database's count by its rule,
        // the overdue PENDING one is among them, and no final state is a series at all
        try {
            awaitGaugesMatchDatabase();
        }
        finally {
            // the two not final would be swept onto the query ladder after 10 minutes
            jdbc.sql("DELETE FROM refund WHERE order_id = :order").param("order", order).update();
        }
    }

    private void awaitGaugesMatchDatabase() {
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            Scrape scrape = scrape();
            assertThat(scrape.value("paypipe_refunds_overdue", "channel", "stripe", "status", "PENDING"))
                .hasValueSatisfying(n -> assertThat(n).isGreaterThanOrEqualTo(1));
            assertThat(scrape.value("paypipe_refunds", "channel", "stripe", "status", "ACCEPTED"))
                .hasValueSatisfying(n -> assertThat(n).isGreaterThanOrEqualTo(1));
            assertMatchesDatabase(scrape, "paypipe_refunds", Instant.now());
            assertMatchesDatabase(scrape, "paypipe_refunds_overdue", Instant.now().minus(Duration.ofHours(2)));
            for (String gauge : List.of("paypipe_refunds", "paypipe_refunds_overdue")) {
                for (String status : List.of("SUCCESS", "FAIL")) {
                    assertThat(scrape.value(gauge, "channel", "stripe", "status", status)).as("%s %s", gauge, status)
                        .isEmpty();
                }
            }
        });
    }

    @Test
    void givenAHistoryOfFinalRefunds_whenTheGaugeStatementsAreExplained_thenTheyReadTheStatusIndexNotTheTable() {
        // Given 300 final refunds (the history a running shop accumulates) and analysed
        // statistics
        long first = 800_000_000L + System.nanoTime() % 100_000_000L;
        for (long order = first; order < first + 300; order++) {
            refund(order, order % 2 == 0 ? "SUCCESS" : "FAIL", Instant.now().minus(Duration.ofDays(1)));
        }
        jdbc.sql("ANALYZE TABLE refund").query().listOfRows();

        for (String statement : List.of(RefundGaugesConfig.Queries.NOT_FINAL,
                RefundGaugesConfig.Queries.NOT_FINAL_SINCE.replace(":before", "NOW(3)"))) {
            // When MariaDB explains the gauge's statement
            List<Map<String, Object>> plan = jdbc.sql("EXPLAIN " + statement).query().listOfRows();

            // Then it reads a range of idx_refund_status_updated (the refunds not final),
            // no
            // full scan of the table
            assertThat(plan).as(statement).hasSize(1);
            assertThat(plan.getFirst()).as(statement)
                .containsEntry("key", "idx_refund_status_updated")
                .containsEntry("type", "range");
        }
    }

    /**
     * Asserts that {@code gauge} in {@code scrape} has one series per (channel, state) of
     * the refunds not final whose status last moved before {@code movedBefore}, each
     * their count.
     */
    private void assertMatchesDatabase(Scrape scrape, String gauge, Instant movedBefore) {
        List<Map<String, Object>> rows = jdbc.sql("""
                SELECT channel, status, COUNT(*) AS n FROM refund
                 WHERE status NOT IN ('SUCCESS', 'FAIL') AND updated_at < :movedBefore GROUP BY channel, status""")
            .param("movedBefore", Timestamp.from(movedBefore))
            .query()
            .listOfRows();
        assertThat(rows).as(gauge).isNotEmpty();
        for (Map<String, Object> row : rows) {
            assertThat(
                    scrape.value(gauge, "channel", (String) row.get("channel"), "status", (String) row.get("status")))
                .as("%s %s %s", gauge, row.get("channel"), row.get("status"))
                .hasValue(((Number) row.get("n")).doubleValue());
        }
        assertThat(scrape.samples().stream().filter(sample -> sample.name().equals(gauge))).as("%s series", gauge)
            .hasSize(rows.size());
    }

    /**
     * A refund of {@code order} at Stripe in {@code status}, its status last moved at
     * {@code moved}; just queried, so the stuck-refund sweeper leaves it alone.
     */
    private void refund(long order, String status, Instant moved) {
        jdbc.sql("""
                INSERT INTO refund (refund_no, tenant_id, merchant_id, out_trade_no, order_id, channel,
                       channel_trade_no, amount_minor, currency, status, source, created_at, updated_at, last_query_at)
                VALUES (:no, 'test', 'acct_gauge', :outTradeNo, :order, 'stripe', :tradeNo, 100, 'USD', :status, 'API',
                        :moved, :moved, :queried)
                """)
            .param("no", "GAUGE-" + order + "-" + status)
            .param("outTradeNo", "GAUGE-" + order)
            .param("order", order)
            .param("tradeNo", "pi_gauge_" + order)
            .param("status", status)
            .param("moved", Timestamp.from(moved))
            .param("queried", Timestamp.from(Instant.now()))
            .update();
    }

    private Scrape scrape() {
        return Scrape.of("http://127.0.0.1:" + port);
    }

}
