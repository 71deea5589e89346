package io.paypipe.reconcile.watch;

import io.paypipe.core.event.NotificationSettled;
import java.time.Duration;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.TimestampedWindowStore;
import org.apache.kafka.streams.state.ValueAndTimestamp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts each settlement in the tumbling window of its record timestamp (the
 * {@code settledAt} the topology's timestamp extractor gives it), per {@link CountKey},
 * in the stream task that read it: no repartition by {@code CountKey}, so a count is
 * split over the tasks and {@link CountsQuery} adds the parts.
 *
 * <p>
 * The DSL's windowed {@code count()} would need the settlements repartitioned by
 * {@code CountKey} first, i.e. each one written to the broker, read back and deserialized
 * again (in quick benchmarks the watchdog's thread spent 0.13-0.15 ms per acknowledged
 * callback at 75 % of capacity with it, 0.07-0.10 without). Same rules as the DSL
 * otherwise: a record whose window closed (window end plus {@code grace} at or before the
 * highest timestamp this task has seen) is dropped and logged at debug; the store is the
 * DSL's timestamped window store (same name, same changelog format), its value the count
 * and the latest record timestamp of the window.
 */
final class SettlementCounter implements Processor<String, NotificationSettled, Void, Void> {

    private static final Logger log = LoggerFactory.getLogger(SettlementCounter.class);

    private final long windowMs;

    private final long graceMs;

    private TimestampedWindowStore<CountKey, Long> counts;

    private long observedStreamTime = Long.MIN_VALUE;

    SettlementCounter(Duration window, Duration grace) {
        this.windowMs = window.toMillis();
        this.graceMs = grace.toMillis();
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        this.counts = context.getStateStore(WatchTopology.COUNTS_STORE);
    }

    @Override
    public void process(Record<String, NotificationSettled> record) {
        long timestamp = record.timestamp();
        observedStreamTime = Math.max(observedStreamTime, timestamp);
        long windowStart = timestamp - Math.floorMod(timestamp, windowMs);
        if (windowStart + windowMs + graceMs <= observedStreamTime) {
            log.debug("settlement {} (raw {}) at {} too late for its window, not counted", record.value().eventId(),
                    record.value().rawId(), timestamp);
            return;
        }
        CountKey key = CountKey.of(record.value());
        ValueAndTimestamp<Long> old = counts.fetch(key, windowStart);
        ValueAndTimestamp<Long> counted = old == null ? ValueAndTimestamp.make(1L, timestamp)
                : ValueAndTimestamp.make(old.value() + 1, Math.max(timestamp, old.timestamp()));
        counts.put(key, counted, windowStart);
    }

}
