package io.paypipe.reconcile.watch;

import io.paypipe.core.id.Channel;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
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

    List<CountRow> run(ReadOnlyWindowStore<CountKey, Long> store) {
        List<CountRow> rows = new ArrayList<>();
        try (KeyValueIterator<Windowed<CountKey>, Long> it = store.fetchAll(from, to)) {
            while (it.hasNext()) {
                KeyValue<Windowed<CountKey>, Long> next = it.next();
                CountKey key = next.key.key();
                if (matches(key)) {
                    rows.add(new CountRow(next.key.window().startTime(), key.channel(), key.merchant(), key.outcome(),
                            next.value));
                }
            }
        }
        rows.sort(ORDER);
        return rows;
    }

    private boolean matches(CountKey key) {
        return channel.map(c -> c.code().equals(key.channel())).orElse(true)
                && merchant.map(m -> m.equals(key.merchant())).orElse(true);
    }

}
