package io.paypipe.reconcile.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.reconcile.support.ReconcileIntegrationBase;
import io.paypipe.support.testing.Scrape;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Reconcile's cached gauges as Prometheus scrapes them: open differences by category and
 * query chains in flight, each counted for a merchant of its own and dropping when its
 * row is closed, so the check fails if the query or its filter were gone. It shares the
 * base's context (refresh every 300 ms there): a context of its own would stay cached
 * beside it with a second outbox sweep and a second watch on the same Streams state dir.
 */
class ReconcileMetricsIntegrationTest extends ReconcileIntegrationBase {

    @Test
    void givenTwoOpenDifferencesAndOneResolved_whenTheGaugesRefresh_thenTheOpenOnesAreCountedByCategory() {
        // Given, for a merchant of its own, two open AMOUNT differences and a resolved
        // one
        String merchant = "m" + System.nanoTime() % 1_000_000_000L;
        diff(merchant, "AMOUNT", "t1", "OPEN");
        diff(merchant, "AMOUNT", "t2", "OPEN");
        diff(merchant, "FEE", "t3", "RESOLVED");

        // Then the gauge says 2 AMOUNT and has no FEE series for it
        await().untilAsserted(() -> {
            Scrape scrape = scrape();
            assertThat(scrape.value("paypipe_recon_diffs_open", "merchant", merchant, "category", "AMOUNT"))
                .hasValue(2.0);
            assertThat(scrape.value("paypipe_recon_diffs_open", "merchant", merchant, "category", "FEE")).isEmpty();
        });

        // When one is resolved, it drops to 1
        jdbc.sql("UPDATE recon_diff SET handle_status = 'RESOLVED' WHERE merchant_id = :m AND channel_trade_no = 't1'")
            .param("m", merchant)
            .update();
        await().untilAsserted(
                () -> assertThat(scrape().value("paypipe_recon_diffs_open", "merchant", merchant, "category", "AMOUNT"))
                    .hasValue(1.0));
    }

    @Test
    void givenAQueryChainActive_whenItIsDone_thenTheActiveGaugeDropsByOne() {
        // Given a query chain in flight
        long orderId = 900_000_000L + System.nanoTime() % 100_000_000L;
        double before = scrape().valueOrZero("paypipe_queries_active", "channel", "stripe", "state", "ACTIVE");
        activeChains(orderId, 1, "acct_metrics", "stripe");

        // Then it is counted
        await().untilAsserted(
                () -> assertThat(scrape().valueOrZero("paypipe_queries_active", "channel", "stripe", "state", "ACTIVE"))
                    .isEqualTo(before + 1));

        // When it is done, it is not
        jdbc.sql("UPDATE payment_query SET state = 'DONE' WHERE order_id = :id").param("id", orderId).update();
        await().untilAsserted(
                () -> assertThat(scrape().valueOrZero("paypipe_queries_active", "channel", "stripe", "state", "ACTIVE"))
                    .isEqualTo(before));
    }

    @Test
    void givenManyChainsInFlight_whenTheActiveGaugeIsExplained_thenItReadsItsIndexAloneWithoutATemporaryTable() {
        // Given 300 chains in flight of a merchant of its own (every created order has
        // one until its first query)
        long first = 800_000_000L + System.nanoTime() % 100_000_000L;
        activeChains(first, 300, "acct_explain", "wechatpay");
        jdbc.sql("ANALYZE TABLE payment_query").query().listOfRows();

        // When MariaDB explains the gauge's own statement
        List<Map<String, Object>> plan = jdbc.sql("EXPLAIN " + ReconcileGaugesConfig.Queries.ACTIVE_QUERIES)
            .query()
            .listOfRows();

        // Then it reads idx_payment_query_state_channel alone (V19), and groups in its
        // order: no table scan, no temporary table, no sort
        assertThat(plan).hasSize(1);
        assertThat(plan.getFirst()).containsEntry("key", "idx_payment_query_state_channel");
        assertThat((String) plan.getFirst().get("Extra")).contains("Using index")
            .doesNotContain("Using temporary")
            .doesNotContain("Using filesort");
    }

    /**
     * {@code count} ACTIVE chains from order id {@code first} on, in one INSERT (as
     * {@code order.created} starts them).
     */
    private void activeChains(long first, int count, String merchant, String channel) {
        StringBuilder values = new StringBuilder();
        for (long id = first; id < first + count; id++) {
            values.append(values.isEmpty() ? "" : ", ")
                .append("(")
                .append(id)
                .append(", 'test', :merchant, 'q")
                .append(id)
                .append("', :channel, 'ORDER_CREATED', 0, 'ACTIVE', :now, :later, :now, :now)");
        }
        jdbc.sql(
                """
                        INSERT INTO payment_query (order_id, tenant_id, merchant_id, out_trade_no, channel, reason, attempt, state,
                                                   next_due_at, expires_at, created_at, updated_at)
                        VALUES\s"""
                        + values)
            .param("merchant", merchant)
            .param("channel", channel)
            .param("now", Timestamp.from(Instant.now()))
            .param("later", Timestamp.from(Instant.now().plusSeconds(3600)))
            .update();
    }

    private void diff(String merchant, String category, String tradeNo, String status) {
        jdbc.sql("""
                INSERT INTO recon_diff (batch_id, channel, merchant_id, bill_day, category, channel_trade_no, field,
                                        channel_value, local_value, handle_status, created_at, updated_at)
                VALUES (0, 'wechatpay', :m, :day, :category, :trade, 'amount', '100', '90', :status, :now, :now)""")
            .param("m", merchant)
            .param("day", LocalDate.now().minusDays(1))
            .param("category", category)
            .param("trade", tradeNo)
            .param("status", status)
            .param("now", Timestamp.from(Instant.now()))
            .update();
    }

    private Scrape scrape() {
        return Scrape.of("http://127.0.0.1:" + port);
    }

}
