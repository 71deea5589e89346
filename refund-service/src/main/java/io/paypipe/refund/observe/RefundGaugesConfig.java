package io.paypipe.refund.observe;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.refund.config.RefundProperties;
import io.paypipe.support.observe.CachedGauges;
import io.paypipe.support.observe.CachedGauges.Reading;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Refund-service's cached gauges (refresher {@code refund}, every
 * {@code refund.metrics-refresh-interval}, never a query per scrape), both over the
 * refunds not final only ({@code PENDING}, {@code ACCEPTED}), read through
 * {@code idx_refund_status_updated}: the final ones are the history, which grows with
 * every refund ever made and would be counted again on every refresh.
 * <ul>
 * <li>{@value #REFUNDS}{@code {channel,status}}: the refunds in each state not final;
 * <li>{@value #OVERDUE}{@code {channel,status}}: those whose status has not moved for
 * over {@code refund.overdue-after} (2h), which the PaypipeRefundsNotFinal alert watches.
 * A count of refunds in flight would be above zero all day in a shop that refunds
 * steadily, each refund finishing within minutes; only the age tells a stuck one.
 * </ul>
 */
@Configuration(proxyBeanMethods = false)
class RefundGaugesConfig {

    static final String REFUNDS = "paypipe.refunds";

    static final String OVERDUE = "paypipe.refunds.overdue";

    @Bean
    CachedGauges refundGauges(Queries queries, RefundProperties props, Clock clock, MeterRegistry meters) {
        return new CachedGauges("refund", props.metricsRefreshInterval(), meters)
            .gauge(REFUNDS, "refunds not final by channel and state", queries::notFinal)
            .gauge(OVERDUE, "refunds not final whose state has not moved for over refund.overdue-after",
                    () -> queries.notFinalSince(clock.instant().minus(props.overdueAfter())));
    }

    @Repository
    static class Queries {

        static final String NOT_FINAL = """
                SELECT channel, status, COUNT(*) AS n FROM refund
                 WHERE status IN ('PENDING', 'ACCEPTED') GROUP BY channel, status""";

        static final String NOT_FINAL_SINCE = """
                SELECT channel, status, COUNT(*) AS n FROM refund
                 WHERE status IN ('PENDING', 'ACCEPTED') AND updated_at < :before GROUP BY channel, status""";

        private final JdbcClient jdbc;

        Queries(JdbcClient jdbc) {
            this.jdbc = jdbc;
        }

        List<Reading> notFinal() {
            return jdbc.sql(NOT_FINAL).query(Queries::reading).list();
        }

        /** Refunds not final whose status last moved before {@code before}. */
        List<Reading> notFinalSince(Instant before) {
            return jdbc.sql(NOT_FINAL_SINCE).param("before", Timestamp.from(before)).query(Queries::reading).list();
        }

        private static Reading reading(ResultSet rs, int row) throws SQLException {
            return Reading.of(rs.getLong("n"), "channel", rs.getString("channel"), "status", rs.getString("status"));
        }

    }

}
