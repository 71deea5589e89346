package io.paypipe.processor.config;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.CommonErrorHandler;
import org.springframework.kafka.listener.ContainerProperties.AckMode;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.support.serializer.DelegatingByTypeSerializer;
import org.springframework.util.backoff.FixedBackOff;

/**
 * Consumers read each topic with the value type the catalogue declares; offsets are committed per record
 * and only after the listener returned, i.e. after the database commit and the downstream publish.
 * {@code payment.notify} retries on retry topics ({@link RetryTopicsConfig}); {@code order.created} is an
 * idempotent insert and retries in place.
 */
@Configuration(proxyBeanMethods = false)
class KafkaConfig {

    private static final Logger log = LoggerFactory.getLogger(KafkaConfig.class);

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, OrderCreated> orderCreatedContainerFactory(
            KafkaProperties kafka, ProcessorProperties props) {
        var blocking = new DefaultErrorHandler(
                (record, e) -> log.error("gave up on order record {}-{}@{} key {}: {}", record.topic(),
                        record.partition(), record.offset(), record.key(), e.toString()),
                new FixedBackOff(props.retryDelays().getFirst().toMillis(), props.retryDelays().size()));
        return containerFactory(Topics.ORDER_CREATED, kafka, blocking, props);
    }

    /** The error handler is the retry topics' own: each failure goes to the next retry topic or the DLT. */
    @Bean
    ConcurrentKafkaListenerContainerFactory<String, PaymentNotified> paymentNotifyContainerFactory(
            KafkaProperties kafka, ProcessorProperties props) {
        return containerFactory(Topics.PAYMENT_NOTIFY, kafka, null, props);
    }

    /** Downstream events: JSON without type headers, acks=all, idempotent. */
    @Bean
    KafkaTemplate<String, Object> downstreamTemplate(KafkaProperties kafka) {
        return new KafkaTemplate<>(new DefaultKafkaProducerFactory<>(producerConfig(kafka), new StringSerializer(),
                Json.serializer()));
    }

    /**
     * Retry and dead-letter records: a notification as JSON, a record that could not be read with its
     * original bytes.
     */
    @Bean
    KafkaTemplate<String, Object> retryTemplate(KafkaProperties kafka) {
        var values = new DelegatingByTypeSerializer(Map.of(byte[].class, new ByteArraySerializer(),
                Object.class, Json.serializer()), true);
        return new KafkaTemplate<>(new DefaultKafkaProducerFactory<>(producerConfig(kafka), new StringSerializer(),
                values));
    }

    @Bean
    KafkaAdmin.NewTopics catalogueTopics(ProcessorProperties props) {
        return new KafkaAdmin.NewTopics(Topics.all().stream()
                .map(t -> new NewTopic(t.name(), props.topicPartitions(), props.topicReplicas()))
                .toArray(NewTopic[]::new));
    }

    private static Map<String, Object> producerConfig(KafkaProperties kafka) {
        Map<String, Object> config = new HashMap<>(kafka.buildProducerProperties());
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        return config;
    }

    private static <V> ConcurrentKafkaListenerContainerFactory<String, V> containerFactory(
            Topic<V> topic, KafkaProperties kafka, CommonErrorHandler errorHandler, ProcessorProperties props) {
        var factory = new ConcurrentKafkaListenerContainerFactory<String, V>();
        factory.setConsumerFactory(topic.consumerFactory(kafka.buildConsumerProperties()));
        factory.setConcurrency(props.concurrency());
        factory.getContainerProperties().setAckMode(AckMode.RECORD);
        if (errorHandler != null) {
            factory.setCommonErrorHandler(errorHandler);
        }
        return factory;
    }
}
