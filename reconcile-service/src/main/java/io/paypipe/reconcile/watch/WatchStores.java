package io.paypipe.reconcile.watch;

import java.util.Optional;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyWindowStore;
import org.springframework.kafka.config.StreamsBuilderFactoryBean;
import org.springframework.stereotype.Component;

/**
 * The watchdog's stores for interactive queries, through
 * {@link KafkaStreams#store(StoreQueryParameters)} of the running Kafka Streams instance.
 * One instance holds every partition today; with several, a query would also have to ask
 * the others ({@code KafkaStreams#queryMetadataForKey}).
 */
@Component
class WatchStores {

    private final StreamsBuilderFactoryBean streams;

    WatchStores(StreamsBuilderFactoryBean streams) {
        this.streams = streams;
    }

    /**
     * The settlement counts, or empty while the streams are not RUNNING (starting,
     * rebalancing, stopped).
     */
    Optional<ReadOnlyWindowStore<CountKey, Long>> counts() {
        KafkaStreams kafkaStreams = streams.getKafkaStreams();
        if (kafkaStreams == null || kafkaStreams.state() != KafkaStreams.State.RUNNING) {
            return Optional.empty();
        }
        try {
            return Optional.of(kafkaStreams.store(StoreQueryParameters.fromNameAndType(WatchTopology.COUNTS_STORE,
                    QueryableStoreTypes.windowStore())));
        }
        catch (InvalidStateStoreException notQueryableNow) {
            return Optional.empty();
        }
    }

    /** The streams' state, for messages. */
    String state() {
        KafkaStreams kafkaStreams = streams.getKafkaStreams();
        return kafkaStreams == null ? "NOT_STARTED" : kafkaStreams.state().name();
    }

}
