package io.paypipe.processor.observe;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.processor.config.ProcessorProperties;
import io.paypipe.support.observe.CachedGauges;
import io.paypipe.support.observe.OpsAdmin;
import java.time.Clock;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The processor's cached gauges (refresher {@code processor}, every
 * {@code processor.metrics-refresh-interval}):
 * <ul>
 * <li>{@value #UNSETTLED}{@code {channel,merchant}}: payment notifications still at
 * handled=0 longer than {@code processor.stuck-unsettled-after} (10 minutes);</li>
 * <li>{@value #MANUAL}{@code {channel,merchant}}: notifications set aside for a person
 * (handled=2) untouched for longer than {@code processor.stuck-manual-after} (24
 * hours);</li>
 * <li>{@link DeadLetterDepth}: dead letters not replayed, per dead-letter topic.</li>
 * </ul>
 */
@Configuration(proxyBeanMethods = false)
class ProcessorGaugesConfig {

    static final String UNSETTLED = "paypipe.notifications.unsettled";

    static final String MANUAL = "paypipe.notifications.manual";

    @Bean
    CachedGauges processorGauges(OpsGaugeQueries queries, OpsAdmin admin, ProcessorProperties props, Clock clock,
            MeterRegistry meters) {
        return new CachedGauges("processor", props.metricsRefreshInterval(), meters)
            .gauge(UNSETTLED, "payment notifications at handled=0 longer than processor.stuck-unsettled-after",
                    () -> queries.unsettledSince(clock.instant().minus(props.stuckUnsettledAfter())))
            .gauge(MANUAL, "payment notifications waiting for a person (handled=2) past processor.stuck-manual-after",
                    () -> queries.manualSince(clock.instant().minus(props.stuckManualAfter())))
            .gauge(DeadLetterDepth.METER, "dead letters not replayed yet, by dead-letter topic",
                    new DeadLetterDepth(admin, queries, Duration.ofSeconds(5)));
    }

}
