package io.paypipe.reconcile.watch;

import io.paypipe.core.event.NotificationSettled;
import io.paypipe.core.event.NotificationUnsettled;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.EventId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Joins each notification with its settlement by the notification's event id, and emits
 * one {@link NotificationUnsettled} for a notification without a settlement
 * {@code settleWithin} after the watchdog saw it.
 *
 * <p>
 * Not a windowed stream join: a join emits when both sides meet, the watchdog must emit
 * when one side stays absent. So the notifications wait in a key-value store
 * ({@value WatchTopology#WATCHES_STORE}), indexed by due time in a second store
 * ({@value WatchTopology#DEADLINES_STORE}, key
 * {@code <19-digit epoch millis>|<event id>}), and a punctuator reads the index up to now
 * every {@code scanInterval}. Settled and alerted notifications are remembered
 * {@code rememberFor} more, so that a duplicate notification record changes nothing and a
 * settlement read before its notification (the topics are read side by side) keeps the
 * notification from alerting.
 *
 * <p>
 * Time is the stream thread's wall clock ({@link PunctuationType#WALL_CLOCK_TIME},
 * {@link ProcessorContext#currentSystemTimeMs()}), not stream time: stream time only
 * advances when records arrive, and the watchdog exists for the quiet case, a
 * notification whose settlement never comes while nothing else is published. The deadline
 * starts when the watchdog reads the notification, not at its {@code receivedAt}: after a
 * restart or a lag the watchdog reads old notifications before their settlements, and
 * must not alert on all of them; the price is an alert late by the watchdog's own lag.
 * {@code TopologyTestDriver#advanceWallClockTime} drives this clock in tests.
 */
final class SettlementWatchdog implements Processor<String, Observed, String, NotificationUnsettled> {

    private static final Logger log = LoggerFactory.getLogger(SettlementWatchdog.class);

    private final Duration settleWithin;

    private final Duration rememberFor;

    private final Duration scanInterval;

    private ProcessorContext<String, NotificationUnsettled> context;

    private KeyValueStore<String, Watched> watches;

    private KeyValueStore<String, String> dueIndex;

    SettlementWatchdog(Duration settleWithin, Duration rememberFor, Duration scanInterval) {
        this.settleWithin = settleWithin;
        this.rememberFor = rememberFor;
        this.scanInterval = scanInterval;
    }

    @Override
    public void init(ProcessorContext<String, NotificationUnsettled> context) {
        this.context = context;
        this.watches = context.getStateStore(WatchTopology.WATCHES_STORE);
        this.dueIndex = context.getStateStore(WatchTopology.DEADLINES_STORE);
        context.schedule(scanInterval, PunctuationType.WALL_CLOCK_TIME, this::scan);
    }

    @Override
    public void process(Record<String, Observed> record) {
        Instant now = Instant.ofEpochMilli(context.currentSystemTimeMs());
        switch (record.value()) {
            case Observed.Notified(PaymentNotified n) -> notified(n, now);
            case Observed.Settled(NotificationSettled s) -> settled(s, now);
        }
    }

    private void notified(PaymentNotified n, Instant now) {
        String id = n.eventId().value();
        Watched known = watches.get(id);
        if (known != null) {
            log.debug("notification {} (raw {}) seen again, stays {}", id, n.rawId(), known.stage());
            return;
        }
        keep(id, Watched.awaiting(n, now.plus(settleWithin)));
    }

    private void settled(NotificationSettled s, Instant now) {
        String id = s.notifyEventId().value();
        Watched known = watches.get(id);
        if (known == null) {
            log.debug("notification {} (raw {}) settled as {} before the watchdog read it", id, s.rawId(), s.outcome());
            keep(id, Watched.settledFirst(s, now.plus(rememberFor)));
            return;
        }
        switch (known.stage()) {
            case AWAITING_SETTLEMENT -> replace(id, known, known.settled(now.plus(rememberFor)));
            case SETTLED -> log.debug("notification {} (raw {}) settled again as {}", id, s.rawId(), s.outcome());
            case ALERTED -> log.info("notification {} (raw {}) settled as {} after its NOTIFICATION_UNSETTLED alert",
                    id, s.rawId(), s.outcome());
        }
    }

    /** The punctuator: everything due up to {@code timestamp} (wall clock). */
    void scan(long timestamp) {
        Instant now = Instant.ofEpochMilli(timestamp);
        List<KeyValue<String, String>> due = new ArrayList<>();
        try (KeyValueIterator<String, String> it = dueIndex.range(dueKey(Instant.EPOCH, ""), dueKey(now, "\uffff"))) {
            it.forEachRemaining(due::add);
        }
        for (KeyValue<String, String> entry : due) {
            dueIndex.delete(entry.key);
            String id = entry.value;
            Watched w = watches.get(id);
            // after a crash the two stores are restored from their changelogs and may
            // disagree: an index entry that is not the watch's own is left behind
            if (w == null || !dueKey(w.dueAt(), id).equals(entry.key)) {
                continue;
            }
            switch (w.stage()) {
                case AWAITING_SETTLEMENT -> alert(id, w, now);
                case SETTLED, ALERTED -> watches.delete(id);
            }
        }
    }

    private void alert(String id, Watched w, Instant now) {
        EventId notifyEventId = EventId.of(id);
        NotificationUnsettled unsettled = new NotificationUnsettled(NotificationUnsettled.idFor(notifyEventId),
                notifyEventId, w.rawId(), w.channel(), w.orderKey(), w.receivedAt(), w.dueAt());
        context.forward(new Record<>(w.orderKey().kafkaKey(), unsettled, now.toEpochMilli()));
        keep(id, w.alerted(now.plus(rememberFor)));
        log.warn("notification {} (raw {}, {} order {}) not settled by {}: reported on payment.unsettled", id,
                w.rawId(), w.channel().code(), w.orderKey(), w.dueAt());
    }

    private void keep(String id, Watched w) {
        watches.put(id, w);
        dueIndex.put(dueKey(w.dueAt(), id), id);
    }

    private void replace(String id, Watched old, Watched w) {
        dueIndex.delete(dueKey(old.dueAt(), id));
        keep(id, w);
    }

    /**
     * {@code <19-digit epoch millis>|<event id>}: sorts by due time as text. Built by
     * hand, not with {@code String.format}, which parses its pattern on every call (twice
     * per settlement here); times before the epoch never occur (due times are the wall
     * clock plus a positive duration).
     */
    static String dueKey(Instant at, String id) {
        String millis = Long.toString(at.toEpochMilli());
        StringBuilder key = new StringBuilder(20 + id.length());
        key.repeat('0', 19 - millis.length());
        return key.append(millis).append('|').append(id).toString();
    }

}
