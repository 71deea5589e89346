package io.paypipe.reconcile.observe;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.support.observe.CachedGauges;
import io.paypipe.support.observe.CachedGauges.Reading;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Reconcile's cached gauges (refresher {@code reconcile}, every
 * {@code reconcile.metrics-refresh-interval}, never a query per scrape):
 * <ul>
 * <li>{@value #DIFFS}{@code {channel,merchant,category}}: reconciliation differences
 * still OPEN, by category ({@code CHANNEL_ONLY}, {@code LOCAL_ONLY}, {@code AMOUNT},
 * {@code STATUS}, {@code FEE});</li>
 * <li>{@value #QUERIES}{@code {channel,state}}: active query chains in flight
 * ({@code payment_query} ACTIVE or CLOSING).</li>
 * </ul>
 */
@Configuration(proxyBeanMethods = false)
class ReconcileGaugesConfig {

    static final String DIFFS = "paypipe.recon.diffs.open";

    static final String QUERIES = "paypipe.queries.active";

    @Bean
    CachedGauges reconcileGauges(Queries queries, ReconcileProperties props, MeterRegistry meters) {
        return new CachedGauges("reconcile", props.metricsRefreshInterval(), meters)
            .gauge(DIFFS, "reconciliation differences still open, by channel, merchant and category",
                    queries::openDiffs)
            .gauge(QUERIES, "active payment query chains in flight, by channel and state", queries::activeQueries);
    }

    @Repository
    static class Queries {

        /**
         * Every created order has an ACTIVE chain until its first query, so this counts
         * minutes of orders: grouped in the order of
         * {@code idx_payment_query_state_channel} (V19), it reads that index alone,
         * without a temporary table.
         */
        static final String ACTIVE_QUERIES = """
                SELECT channel, state, COUNT(*) AS n FROM payment_query
                 WHERE state IN ('ACTIVE', 'CLOSING') GROUP BY state, channel""";

        private final JdbcClient jdbc;

        Queries(JdbcClient jdbc) {
            this.jdbc = jdbc;
        }

        List<Reading> openDiffs() {
            return jdbc.sql("""
                    SELECT channel, merchant_id, category, COUNT(*) AS n FROM recon_diff
                     WHERE handle_status = 'OPEN' GROUP BY channel, merchant_id, category""")
                .query((rs, i) -> Reading.of(rs.getLong("n"), "channel", rs.getString("channel"), "merchant",
                        rs.getString("merchant_id"), "category", rs.getString("category")))
                .list();
        }

        List<Reading> activeQueries() {
            return jdbc.sql(ACTIVE_QUERIES)
                .query((rs, i) -> Reading.of(rs.getLong("n"), "channel", rs.getString("channel"), "state",
                        rs.getString("state")))
                .list();
        }

    }

}
