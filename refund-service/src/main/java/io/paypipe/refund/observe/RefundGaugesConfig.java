package io.paypipe.refund.observe;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.refund.config.RefundProperties;
import io.paypipe.support.observe.CachedGauges;
import io.paypipe.support.observe.CachedGauges.Reading;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Refund-service's cached gauge (refresher {@code refund}, every
 * {@code refund.metrics-refresh-interval}, never a query per scrape):
 * {@value #REFUNDS}{@code {channel,status}}, the refunds in each state ({@code PENDING},
 * {@code ACCEPTED}, {@code SUCCESS}, {@code FAIL}); an alert watches PENDING and ACCEPTED
 * growing.
 */
@Configuration(proxyBeanMethods = false)
class RefundGaugesConfig {

    static final String REFUNDS = "paypipe.refunds";

    @Bean
    CachedGauges refundGauges(Queries queries, RefundProperties props, MeterRegistry meters) {
        return new CachedGauges("refund", props.metricsRefreshInterval(), meters).gauge(REFUNDS,
                "refunds by channel and state", queries::byState);
    }

    @Repository
    static class Queries {

        private final JdbcClient jdbc;

        Queries(JdbcClient jdbc) {
            this.jdbc = jdbc;
        }

        List<Reading> byState() {
            return jdbc.sql("SELECT channel, status, COUNT(*) AS n FROM refund GROUP BY channel, status")
                .query((rs, i) -> Reading.of(rs.getLong("n"), "channel", rs.getString("channel"), "status",
                        rs.getString("status")))
                .list();
        }

    }

}
