package io.paypipe.reconcile.watch;

import io.paypipe.core.event.NotificationSettled;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.topic.Topics;
import io.paypipe.reconcile.config.ReconcileProperties;
import java.time.Duration;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.Stores;

/**
 * The watchdog's Kafka Streams topology.
 * <ul>
 * <li>{@code payment.notify} and {@code payment.settled} (same key, same partition count)
 * merged into the {@link SettlementWatchdog}, which writes {@code payment.unsettled};
 * stores {@value #WATCHES_STORE} and {@value #DEADLINES_STORE}.</li>
 * <li>{@code payment.settled} counted per channel, merchant and outcome in tumbling
 * one-minute windows of {@code settledAt} by {@link SettlementCounter}, in the task that
 * read them (no repartition): window store {@value #COUNTS_STORE}, read by the counts
 * endpoint, which adds up the tasks' parts.</li>
 * </ul>
 */
final class WatchTopology {

    static final String WATCHES_STORE = "watch-notifications";

    static final String DEADLINES_STORE = "watch-deadlines";

    static final String COUNTS_STORE = "watch-settlement-counts";

    static final Duration COUNT_WINDOW = Duration.ofMinutes(1);

    private final ReconcileProperties.Watch settings;

    WatchTopology(ReconcileProperties.Watch settings) {
        this.settings = settings;
    }

    /** Adds the watchdog and the counts to {@code builder}. */
    void build(StreamsBuilder builder) {
        Serde<NotificationSettled> settledSerde = JsonSerdes.of(Topics.PAYMENT_SETTLED);
        KStream<String, PaymentNotified> notified = builder
            .stream(Topics.PAYMENT_NOTIFY.name(),
                    Consumed.with(Serdes.String(), JsonSerdes.of(Topics.PAYMENT_NOTIFY)).withName("payment-notify"))
            .filter((key, n) -> n != null, Named.as("readable-notifications"));
        KStream<String, NotificationSettled> settled = builder
            .stream(Topics.PAYMENT_SETTLED.name(),
                    Consumed.with(Serdes.String(), settledSerde)
                        .withTimestampExtractor(WatchTopology::settledAt)
                        .withName("payment-settled"))
            .filter((key, s) -> s != null, Named.as("readable-settlements"));

        // cached: a notification settled within the commit interval (the usual case)
        // reaches RocksDB and its changelog once, as its last state, not once per step
        // (awaiting, its deadline, settled, the deadline moved); a commit flushes the
        // cache first, so a restart restores what was committed, as without
        builder.addStateStore(
                Stores
                    .keyValueStoreBuilder(Stores.persistentKeyValueStore(WATCHES_STORE), Serdes.String(),
                            JsonSerdes.of(Watched.class))
                    .withCachingEnabled());
        builder.addStateStore(Stores
            .keyValueStoreBuilder(Stores.persistentKeyValueStore(DEADLINES_STORE), Serdes.String(), Serdes.String())
            .withCachingEnabled());
        notified.<Observed>mapValues(n -> new Observed.Notified(n), Named.as("observe-notification"))
            .merge(settled.<Observed>mapValues(s -> new Observed.Settled(s), Named.as("observe-settlement")),
                    Named.as("notifications-and-settlements"))
            .process(() -> new SettlementWatchdog(settings.settleWithin(), settings.rememberFor(),
                    settings.scanInterval()), Named.as("settlement-watchdog"), WATCHES_STORE, DEADLINES_STORE)
            .to(Topics.PAYMENT_UNSETTLED.name(), Produced.with(Serdes.String(), JsonSerdes.of(Topics.PAYMENT_UNSETTLED))
                .withName("payment-unsettled"));

        // counted where they are read, per task: see SettlementCounter
        builder.addStateStore(Stores
            .timestampedWindowStoreBuilder(Stores.persistentTimestampedWindowStore(COUNTS_STORE,
                    settings.countsRetention(), COUNT_WINDOW, false), CountKey.SERDE, Serdes.Long())
            .withCachingEnabled());
        settled.process(() -> new SettlementCounter(COUNT_WINDOW, settings.countsGrace()),
                Named.as("count-settlements"), COUNTS_STORE);
    }

    /**
     * Settlements are counted in the minute they were settled, whenever they are read.
     */
    private static long settledAt(ConsumerRecord<Object, Object> record, long partitionTime) {
        if (record.value() instanceof NotificationSettled s && s.settledAt() != null) {
            return s.settledAt().toEpochMilli();
        }
        return record.timestamp() >= 0 ? record.timestamp() : partitionTime;
    }

}
