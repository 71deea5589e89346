package io.paypipe.support.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.support.ServiceSettings;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.kafka.KafkaException;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.config.KafkaListenerEndpoint;
import org.springframework.kafka.config.KafkaListenerEndpointRegistrar;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.listener.BatchMessageListener;
import org.springframework.kafka.listener.ConsumerAwareRecordRecoverer;
import org.springframework.kafka.listener.ContainerProperties.AckMode;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.listener.ListenerExecutionFailedException;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.kafka.retrytopic.DeadLetterPublishingRecovererFactory;
import org.springframework.kafka.retrytopic.DestinationTopicResolver;
import org.springframework.kafka.support.TopicPartitionOffset;
import org.springframework.kafka.support.converter.MessageConverter;
import org.springframework.util.backoff.FixedBackOff;
import org.springframework.util.unit.DataSize;

/**
 * A batch listener of a main topic whose retry and dead-letter topics stay a per-record
 * listener's. spring-kafka's retry topics do not support batch listeners, so the
 * per-record listener keeps them: its retry and dead-letter containers run as before, and
 * only its container of the main topic is not started ({@link #mainTopicNotStarted}). The
 * batch listener reads the main topic in the per-record listener's consumer group, so
 * switching between the two neither skips nor re-reads records. It is registered as an
 * endpoint of its own ({@link #register}), not a {@code @KafkaListener}: the retry-topic
 * configuration of the topic would apply to any annotated listener of it.
 * <p>
 * A record the batch listener gives up on (a {@link BatchListenerFailedException}) is
 * forwarded by the very recoverer spring-kafka builds for the per-record listener's main
 * topic ({@link DeadLetterPublishingRecovererFactory#create} for its listener id): the
 * same destination (first retry topic, or the dead-letter topic for a failure no retry
 * can fix), the same retry headers (attempts, back-off due time, original timestamp) and
 * exception headers, the cause unwrapped from the batch exception as a record listener's
 * failure would be. The container commits the offsets of the records before it; the
 * records after it are handed to the listener again at once
 * ({@code seekAfterError=false}: no seek and re-fetch).
 */
public final class BatchListeners {

    private BatchListeners() {
    }

    /**
     * The batch listener's container factory: raw bytes, offsets committed after each
     * batch, at most {@code maxRecords} records a poll, failures forwarded as the
     * per-record listener {@code recordListenerId}'s would be.
     */
    public static ConcurrentKafkaListenerContainerFactory<String, byte[]> containerFactory(KafkaProperties kafka,
            ServiceSettings settings, DestinationTopicResolver destinations, String recordListenerId, int maxRecords) {
        return containerFactory(kafka, settings, destinations, recordListenerId, maxRecords, Gather.KAFKA_DEFAULTS);
    }

    /**
     * How long a poll of the batch listener's consumer may wait for more records
     * ({@code fetch.max.wait.ms}) until it has {@code minBytes}
     * ({@code fetch.min.bytes}): under a steady trickle, a poll then brings a few records
     * instead of one, so the costs paid once per poll (a transaction, the publish flush,
     * the offset commit, the broker's fetch) are shared. Only this listener's consumers
     * get it: an idle consumer answers after {@code maxWait} every time, so the
     * retry-topic consumers keep Kafka's 500 ms.
     */
    public record Gather(DataSize minBytes, Duration maxWait) {

        /** Kafka's own: a poll returns as soon as one record is there. */
        public static final Gather KAFKA_DEFAULTS = new Gather(DataSize.ofBytes(1), Duration.ofMillis(500));

        public Gather {
            if (minBytes.toBytes() < 1 || minBytes.toBytes() > Integer.MAX_VALUE || !maxWait.isPositive()) {
                throw new IllegalArgumentException(
                        "a batch's fetch-min-size must be 1 B to 2 GB, fetch-max-wait positive");
            }
        }

    }

    /**
     * The same, with {@code gather} for the listener's consumers' fetches.
     */
    public static ConcurrentKafkaListenerContainerFactory<String, byte[]> containerFactory(KafkaProperties kafka,
            ServiceSettings settings, DestinationTopicResolver destinations, String recordListenerId, int maxRecords,
            Gather gather) {
        return containerFactory(kafka, settings, destinations, recordListenerId, maxRecords, gather, null);
    }

    /**
     * The same, counting each record forwarded to a retry or dead-letter topic in
     * {@code meters} ({@link RetryRoutes}; none when null).
     */
    public static ConcurrentKafkaListenerContainerFactory<String, byte[]> containerFactory(KafkaProperties kafka,
            ServiceSettings settings, DestinationTopicResolver destinations, String recordListenerId, int maxRecords,
            Gather gather, MeterRegistry meters) {
        var factory = KafkaSupportConfig.bytesContainerFactory(kafka, settings);
        factory.setBatchListener(true);
        factory.getContainerProperties().setAckMode(AckMode.BATCH);
        // the offsets of a batch are committed without waiting for the broker's answer
        // (commitAsync): every batch listener is idempotent (its records' effects are
        // guarded by the database, their events carry stable ids), so a commit lost
        // with a crash only hands the batch over again, as a crash before the commit
        // does; a waited commit cost each batch one more round trip to the group
        // coordinator before the next poll (issue 15)
        factory.getContainerProperties().setSyncCommits(false);
        var consumer = new Properties();
        consumer.setProperty(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, Integer.toString(maxRecords));
        consumer.setProperty(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, Long.toString(gather.minBytes().toBytes()));
        consumer.setProperty(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, Long.toString(gather.maxWait().toMillis()));
        factory.getContainerProperties().setKafkaConsumerProperties(consumer);
        var forwards = new DeadLetterPublishingRecovererFactory(destinations);
        forwards.setDeadLetterPublisherCreator(RetryRoutes.creator(meters));
        var forward = forwards.create(recordListenerId);
        var handler = new DefaultErrorHandler(asRecordListenerFailure(forward), new FixedBackOff(0, 0));
        handler.setSeekAfterError(false);
        handler.setLogLevel(KafkaException.Level.DEBUG);
        factory.setCommonErrorHandler(handler);
        return factory;
    }

    /**
     * The per-record listener's container of {@code mainTopic} (the one its retry topics
     * hang off) is created but not started; its retry and dead-letter containers start as
     * always.
     */
    public static void mainTopicNotStarted(ConcurrentKafkaListenerContainerFactory<String, byte[]> factory,
            String mainTopic) {
        factory.setContainerCustomizer(container -> {
            String[] topics = container.getContainerProperties().getTopics();
            if (topics != null && List.of(topics).equals(List.of(mainTopic))) {
                container.setAutoStartup(false);
            }
        });
    }

    /**
     * Registers {@code listener} as endpoint {@code id} on {@code topic} in the consumer
     * group {@code groupId} (the per-record listener's).
     */
    public static void register(KafkaListenerEndpointRegistrar registrar, String id, String groupId, String topic,
            BatchMessageListener<String, byte[]> listener,
            ConcurrentKafkaListenerContainerFactory<String, byte[]> factory) {
        registrar.registerEndpoint(new Endpoint(id, groupId, topic, listener), factory);
    }

    /**
     * The failure a batch listener throws for record {@code index} of {@code records}:
     * the container commits the offsets before it and forwards it.
     */
    public static BatchListenerFailedException failedAt(List<ConsumerRecord<String, byte[]>> records, int index,
            Throwable cause) {
        ConsumerRecord<String, byte[]> record = records.get(index);
        return new BatchListenerFailedException("record " + index + " of " + records.size() + " failed: "
                + record.topic() + "-" + record.partition() + "@" + record.offset(), cause, record);
    }

    /**
     * Hands the recoverer what a record listener's failure looks like: the container's
     * {@link ListenerExecutionFailedException} around the record's own failure, without
     * the {@link BatchListenerFailedException} in between (the recoverer names the cause
     * of the failure it is given in the record's headers, and the dead-letter handlers
     * read it there).
     */
    static ConsumerAwareRecordRecoverer asRecordListenerFailure(DeadLetterPublishingRecoverer forward) {
        return (record, consumer, e) -> forward.accept(record, consumer, recordFailure(e));
    }

    public static Exception recordFailure(Exception e) {
        if (e instanceof ListenerExecutionFailedException container
                && container.getCause() instanceof BatchListenerFailedException batch
                && batch.getCause() instanceof Exception cause) {
            return new ListenerExecutionFailedException(container.getMessage(), container.getGroupId(), cause);
        }
        return e;
    }

    /** The batch listener's endpoint: one topic, the per-record listener's group. */
    private record Endpoint(String id, String groupId, String topic,
            BatchMessageListener<String, byte[]> listener) implements KafkaListenerEndpoint {

        @Override
        public String getId() {
            return id;
        }

        @Override
        public String getGroupId() {
            return groupId;
        }

        @Override
        public String getGroup() {
            return null;
        }

        @Override
        public Collection<String> getTopics() {
            return List.of(topic);
        }

        @Override
        public TopicPartitionOffset[] getTopicPartitionsToAssign() {
            return new TopicPartitionOffset[0];
        }

        @Override
        public Pattern getTopicPattern() {
            return null;
        }

        @Override
        public String getClientIdPrefix() {
            return null;
        }

        @Override
        public Integer getConcurrency() {
            return null;
        }

        @Override
        public Boolean getAutoStartup() {
            return null;
        }

        @Override
        public Boolean getBatchListener() {
            return true;
        }

        @Override
        public void setupListenerContainer(MessageListenerContainer container, MessageConverter converter) {
            container.setupMessageListener(listener);
        }

        @Override
        public boolean isSplitIterables() {
            return false;
        }

    }

}
