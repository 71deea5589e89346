package io.paypipe.support.observe;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Gauges whose values come from the database or the broker, read by a scheduled refresher
 * and cached: a scrape of {@code /actuator/prometheus} reads the cache and never runs a
 * query. Every {@code interval} each source is read again and its rows replace the
 * previous ones (a tag set no longer read is removed: a count that fell to zero rows is
 * absent, not 0).
 * <p>
 * The refresher reports on itself: {@value #AGE} (seconds since every source was last
 * read without a failure, or since the start when never) and {@value #FAILURES} (reads
 * that failed), both tagged {@code refresher}. An age far above the interval means the
 * cached values are stale: alert on it, not on the values alone.
 */
public final class CachedGauges implements SmartLifecycle {

    /** Seconds since the last refresh in which every source was read. */
    public static final String AGE = "paypipe.metrics.refresh.age";

    /** Sources whose read failed. */
    public static final String FAILURES = "paypipe.metrics.refresh.failures";

    private static final Logger log = LoggerFactory.getLogger(CachedGauges.class);

    /** One row of a gauge: its tags and its value. */
    public record Reading(Tags tags, double value) {

        /**
         * A reading of {@code value} with the tags {@code keyValues} (key, value, ...).
         */
        public static Reading of(double value, String... keyValues) {
            return new Reading(Tags.of(keyValues), value);
        }

    }

    /**
     * One gauge and its rows' current values by tag set. A row read again keeps its
     * registered meter and gets the new value: registering the rows again with
     * {@code overwrite} would remove and re-add every meter on each refresh, and a scrape
     * in between would miss the series (and restart an alert's {@code for}).
     */
    private record Source(String name, MultiGauge gauge, Supplier<List<Reading>> query,
            Map<Tags, AtomicReference<Double>> values) {

        void update(List<Reading> readings) {
            Map<Tags, AtomicReference<Double>> next = new HashMap<>();
            for (Reading r : readings) {
                AtomicReference<Double> value = values.getOrDefault(r.tags(), new AtomicReference<>());
                value.set(r.value());
                next.put(r.tags(), value);
            }
            values.keySet().retainAll(next.keySet());
            values.putAll(next);
            gauge.register(next.entrySet()
                .stream().<MultiGauge
                        .Row<?>>map(e -> MultiGauge.Row.of(e.getKey(), e.getValue(), AtomicReference::get))
                .toList(), false);
        }

    }

    private final String name;

    private final Duration interval;

    private final MeterRegistry registry;

    private final Counter failures;

    private final List<Source> sources = new ArrayList<>();

    private volatile long lastSuccessNanos = System.nanoTime();

    private ScheduledExecutorService executor;

    /**
     * A refresher called {@code name} (the tag {@code refresher}) reading its sources
     * every {@code interval}.
     */
    public CachedGauges(String name, Duration interval, MeterRegistry registry) {
        if (!interval.isPositive()) {
            throw new IllegalArgumentException("the metrics refresh interval of " + name + " must be positive");
        }
        this.name = name;
        this.interval = interval;
        this.registry = registry;
        this.failures = Counter.builder(FAILURES)
            .description("reads of cached gauges that failed, by refresher")
            .tag("refresher", name)
            .register(registry);
        Gauge.builder(AGE, this, CachedGauges::ageSeconds)
            .description("seconds since every cached gauge of the refresher was last read")
            .tag("refresher", name)
            .baseUnit("seconds")
            .register(registry);
    }

    /** Adds the gauge {@code gauge}, whose rows {@code query} reads. */
    public CachedGauges gauge(String gauge, String description, Supplier<List<Reading>> query) {
        sources.add(new Source(gauge, MultiGauge.builder(gauge).description(description).register(registry), query,
                new ConcurrentHashMap<>()));
        return this;
    }

    /**
     * Reads every source now; true when none failed. A failed source keeps its previous
     * rows.
     */
    public synchronized boolean refresh() {
        boolean all = true;
        for (Source source : sources) {
            try {
                source.update(source.query().get());
            }
            catch (RuntimeException ex) {
                all = false;
                failures.increment();
                log.warn("{} metrics: {} not refreshed: {}", name, source.name(), ex.toString());
            }
        }
        if (all) {
            lastSuccessNanos = System.nanoTime();
        }
        return all;
    }

    /** Seconds since the last refresh that read every source. */
    public double ageSeconds() {
        return (System.nanoTime() - lastSuccessNanos) / 1e9;
    }

    @Override
    public synchronized void start() {
        if (executor != null) {
            return;
        }
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, name + "-metrics-refresh");
            thread.setDaemon(true);
            return thread;
        });
        executor.scheduleWithFixedDelay(this::refreshQuietly, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void stop() {
        if (executor != null) {
            executor.shutdownNow();
            executor = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return executor != null;
    }

    private void refreshQuietly() {
        try {
            refresh();
        }
        catch (RuntimeException ex) {
            log.error("{} metrics refresh failed: {}", name, ex.toString());
        }
    }

}
