package io.paypipe.support.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.paypipe.support.observe.CachedGauges.Reading;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The refresher: values come from the last read, not from the scrape; its age shows a
 * stuck read.
 */
class CachedGaugesTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @Test
    void givenASource_whenScrapedTwiceBetweenRefreshes_thenTheQueryRanOnlyAtTheRefresh() {
        AtomicInteger reads = new AtomicInteger();
        CachedGauges gauges = new CachedGauges("t", Duration.ofMinutes(1), registry).gauge("paypipe.test", "test",
                () -> List.of(Reading.of(reads.incrementAndGet(), "merchant", "m1")));

        gauges.refresh();
        double first = registry.get("paypipe.test").tag("merchant", "m1").gauge().value();
        double again = registry.get("paypipe.test").tag("merchant", "m1").gauge().value();

        assertThat(reads).hasValue(1);
        assertThat(first).isEqualTo(1.0);
        assertThat(again).isEqualTo(1.0);
    }

    @Test
    void givenARowThatDisappears_whenRefreshed_thenItsSeriesIsRemovedAndTheOthersUpdated() {
        AtomicReference<List<Reading>> rows = new AtomicReference<>(
                List.of(Reading.of(2, "merchant", "m1"), Reading.of(5, "merchant", "m2")));
        CachedGauges gauges = new CachedGauges("t", Duration.ofMinutes(1), registry).gauge("paypipe.test", "test",
                rows::get);
        gauges.refresh();

        rows.set(List.of(Reading.of(7, "merchant", "m2")));
        gauges.refresh();

        assertThat(registry.find("paypipe.test").tag("merchant", "m1").gauge()).isNull();
        assertThat(registry.get("paypipe.test").tag("merchant", "m2").gauge().value()).isEqualTo(7.0);
    }

    @Test
    void givenARowReadAgain_whenRefreshed_thenItsMeterStaysRegisteredWithTheNewValue() {
        // a meter removed and added again on every refresh could be missed by a scrape in
        // between
        AtomicInteger value = new AtomicInteger(4);
        CachedGauges gauges = new CachedGauges("t", Duration.ofMinutes(1), registry).gauge("paypipe.test", "test",
                () -> List.of(Reading.of(value.get(), "merchant", "m1")));
        gauges.refresh();
        Gauge before = registry.get("paypipe.test").tag("merchant", "m1").gauge();
        List<Meter> removed = new ArrayList<>();
        registry.config().onMeterRemoved(removed::add);

        value.set(9);
        gauges.refresh();

        assertThat(registry.get("paypipe.test").tag("merchant", "m1").gauge()).isSameAs(before);
        assertThat(before.value()).isEqualTo(9.0);
        assertThat(removed).isEmpty();
    }

    @Test
    void givenAFailingSource_whenRefreshed_thenItKeepsItsRowsCountsTheFailureAndTheAgeKeepsGrowing() {
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        CachedGauges gauges = new CachedGauges("t", Duration.ofMinutes(1), registry).gauge("paypipe.test", "test",
                () -> {
                    if (failure.get() != null) {
                        throw failure.get();
                    }
                    return List.of(Reading.of(3, "merchant", "m1"));
                });
        assertThat(gauges.refresh()).isTrue();
        await().until(() -> age() > 0.05);

        failure.set(new IllegalStateException("database down"));
        assertThat(gauges.refresh()).isFalse();

        assertThat(registry.get("paypipe.test").tag("merchant", "m1").gauge().value()).isEqualTo(3.0);
        assertThat(registry.get(CachedGauges.FAILURES).tag("refresher", "t").counter().count()).isEqualTo(1.0);
        assertThat(age()).as("not reset by a failed refresh").isGreaterThan(0.05);
    }

    private double age() {
        return registry.get(CachedGauges.AGE).tag("refresher", "t").gauge().value();
    }

}
