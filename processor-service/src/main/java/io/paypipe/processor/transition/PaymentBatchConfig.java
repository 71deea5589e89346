package io.paypipe.processor.transition;

import io.paypipe.core.topic.Topics;
import io.paypipe.processor.config.ProcessorProperties;
import io.paypipe.support.kafka.KafkaSupportConfig;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.KafkaException;
import org.springframework.kafka.annotation.KafkaListenerConfigurer;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.config.KafkaListenerEndpoint;
import org.springframework.kafka.listener.BatchListenerFailedException;
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

/**
 * The batch listener of {@code payment.notify} ({@link PaymentBatchListener}), when
 * {@code processor.batch.enabled}. spring-kafka's retry topics do not support batch
 * listeners, so the per-record listener ({@link PaymentNotifiedListener}) keeps them: its
 * retry and dead-letter containers run as before, and only its container of the main
 * topic is not started (config.KafkaConfig). The batch listener reads the main topic in
 * the same consumer group ({@value PaymentNotifiedListener#ID}), so switching the setting
 * neither skips nor re-reads records. It is registered as an endpoint of its own, not a
 * {@code @KafkaListener}: the retry-topic configuration of {@code payment.notify} would
 * apply to any annotated listener of the topic.
 * <p>
 * A record the listener gives up on (a {@link BatchListenerFailedException}) is forwarded
 * by the very recoverer spring-kafka builds for the per-record listener's main topic
 * ({@link DeadLetterPublishingRecovererFactory#create} for its listener id): the same
 * destination (first retry topic, or the dead-letter topic for a failure no retry can
 * fix), the same retry headers (attempts, back-off due time, original timestamp) and
 * exception headers, the cause unwrapped from the batch exception as a record listener's
 * failure would be. The records after it are handed to the listener again at once
 * ({@code seekAfterError=false}: no seek and re-fetch).
 */
@Configuration(proxyBeanMethods = false)
class PaymentBatchConfig {

    /** The batch listener's id (not a prefix of the per-record listener's). */
    static final String ID = "processor-notify-batch";

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, byte[]> paymentNotifyBatchContainerFactory(KafkaProperties kafka,
            ProcessorProperties props, DestinationTopicResolver destinations) {
        var factory = KafkaSupportConfig.bytesContainerFactory(kafka, props);
        factory.setBatchListener(true);
        factory.getContainerProperties().setAckMode(AckMode.BATCH);
        var consumer = new Properties();
        consumer.setProperty(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, Integer.toString(props.batch().maxRecords()));
        factory.getContainerProperties().setKafkaConsumerProperties(consumer);
        var forward = new DeadLetterPublishingRecovererFactory(destinations).create(PaymentNotifiedListener.ID);
        var handler = new DefaultErrorHandler(asRecordListenerFailure(forward), new FixedBackOff(0, 0));
        handler.setSeekAfterError(false);
        handler.setLogLevel(KafkaException.Level.DEBUG);
        factory.setCommonErrorHandler(handler);
        return factory;
    }

    @Bean
    KafkaListenerConfigurer paymentNotifyBatchEndpoint(ProcessorProperties props, PaymentBatchListener listener,
            ConcurrentKafkaListenerContainerFactory<String, byte[]> paymentNotifyBatchContainerFactory) {
        if (!props.batch().enabled()) {
            return registrar -> {
            };
        }
        return registrar -> registrar.registerEndpoint(new Endpoint(listener), paymentNotifyBatchContainerFactory);
    }

    /**
     * Hands the recoverer what a record listener's failure looks like: the container's
     * {@link ListenerExecutionFailedException} around the record's own failure, without
     * the {@link BatchListenerFailedException} in between (the recoverer names the cause
     * of the failure it is given in the record's headers, and the dead-letter handler
     * reads it there).
     */
    static ConsumerAwareRecordRecoverer asRecordListenerFailure(DeadLetterPublishingRecoverer forward) {
        return (record, consumer, e) -> forward.accept(record, consumer, recordFailure(e));
    }

    static Exception recordFailure(Exception e) {
        if (e instanceof ListenerExecutionFailedException container
                && container.getCause() instanceof BatchListenerFailedException batch
                && batch.getCause() instanceof Exception cause) {
            return new ListenerExecutionFailedException(container.getMessage(), container.getGroupId(), cause);
        }
        return e;
    }

    /** The batch listener's endpoint: the main topic, the per-record listener's group. */
    private record Endpoint(PaymentBatchListener listener) implements KafkaListenerEndpoint {

        @Override
        public String getId() {
            return ID;
        }

        @Override
        public String getGroupId() {
            return PaymentNotifiedListener.ID;
        }

        @Override
        public String getGroup() {
            return null;
        }

        @Override
        public Collection<String> getTopics() {
            return List.of(Topics.PAYMENT_NOTIFY.name());
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
