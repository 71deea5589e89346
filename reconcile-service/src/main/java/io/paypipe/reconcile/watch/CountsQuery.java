package io.paypipe.reconcile.watch;

import io.paypipe.core.id.Channel;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyWindowStore;

/**
 * A read of the settlement counts: the minutes starting in {@code [from, to]}, optionally
 * one channel and one merchant, ordered by minute, channel, merchant and outcome.
 */
record CountsQuery(Optional<Channel> channel, Optional<String> merchant, Instant from, Instant to) {

    private static final Comparator<CountRow> ORDER = Comparator.comparing(CountRow::minute)
        .thenComparing(CountRow::channel)
        .thenComparing(CountRow::merchant)
        .thenComparing(CountRow::outcome);

    /** The current minute and the {@code minutes - 1} before it. */
    static CountsQuery lastMinutes(Optional<Channel> channel, Optional<String> merchant, int minutes, Instant now) {
        Instant currentMinute = now.truncatedTo(ChronoUnit.MINUTES);
        return new CountsQuery(channel, merchant, currentMinute.minus(minutes - 1L, ChronoUnit.MINUTES), now);
    }

    /**
     * The rows, each the sum of its parts: the counts are kept per stream task (by the
     * partition of the order key), so one minute, channel, merchant and outcome may have
     * a part in several of the store's partitions.
     */
    List<CountRow> run(ReadOnlyWindowStore<CountKey, Long> store) {
        Map<Cell, Long> sums = new HashMap<>();
        try (KeyValueIterator<Windowed<CountKey>, Long> it = store.fetchAll(from, to)) {
            while (it.hasNext()) {
                KeyValue<Windowed<CountKey>, Long> next = it.next();
                CountKey key = next.key.key();
                if (matches(key)) {
                    sums.merge(new Cell(next.key.window().startTime(), key), next.value, Long::sum);
                }
            }
        }
        List<CountRow> rows = new ArrayList<>(sums.size());
        sums.forEach((cell, count) -> rows.add(
                new CountRow(cell.minute(), cell.key().channel(), cell.key().merchant(), cell.key().outcome(), count)));
        rows.sort(ORDER);
        return rows;
    }

    private record Cell(Instant minute, CountKey key) {
    }

    private boolean matches(CountKey key) {
        return channel.map(c -> c.code().equals(key.channel())).orElse(true)
                && merchant.map(m -> m.equals(key.merchant())).orElse(true);
    }

}
