package io.paypipe.processor.config;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import io.paypipe.processor.failure.RejectedRecordException;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.ConsumerRecordRecoverer;
import org.springframework.kafka.listener.ContainerProperties.AckMode;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.FixedBackOff;

/**
 * Consumers read each topic with the value type the catalogue declares; offsets are committed per record
 * and only after the listener returned, i.e. after the database commit and the downstream publish.
 */
@Configuration(proxyBeanMethods = false)
class KafkaConfig {

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, OrderCreated> orderCreatedContainerFactory(
            KafkaProperties kafka, DefaultErrorHandler errorHandler, ProcessorProperties props) {
        return containerFactory(Topics.ORDER_CREATED, kafka, errorHandler, props);
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, PaymentNotified> paymentNotifyContainerFactory(
            KafkaProperties kafka, DefaultErrorHandler errorHandler, ProcessorProperties props) {
        return containerFactory(Topics.PAYMENT_NOTIFY, kafka, errorHandler, props);
    }

    @Bean
    DefaultErrorHandler errorHandler(ProcessorProperties props, ConsumerRecordRecoverer giveUpRecoverer) {
        var handler = new DefaultErrorHandler(giveUpRecoverer,
                new FixedBackOff(props.retryInterval().toMillis(), Math.max(0, props.retryMaxAttempts() - 1)));
        handler.addNotRetryableExceptions(RejectedRecordException.class);
        return handler;
    }

    /** Downstream events: JSON without type headers, acks=all, idempotent. */
    @Bean
    KafkaTemplate<String, Object> downstreamTemplate(KafkaProperties kafka) {
        Map<String, Object> config = new HashMap<>(kafka.buildProducerProperties());
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        return new KafkaTemplate<>(new DefaultKafkaProducerFactory<>(config, new StringSerializer(), Json.serializer()));
    }

    @Bean
    KafkaAdmin.NewTopics catalogueTopics(ProcessorProperties props) {
        return new KafkaAdmin.NewTopics(Topics.all().stream()
                .map(t -> new NewTopic(t.name(), props.topicPartitions(), props.topicReplicas()))
                .toArray(NewTopic[]::new));
    }

    private static <V> ConcurrentKafkaListenerContainerFactory<String, V> containerFactory(
            Topic<V> topic, KafkaProperties kafka, DefaultErrorHandler errorHandler, ProcessorProperties props) {
        var factory = new ConcurrentKafkaListenerContainerFactory<String, V>();
        factory.setConsumerFactory(topic.consumerFactory(kafka.buildConsumerProperties()));
        factory.setConcurrency(props.concurrency());
        factory.getContainerProperties().setAckMode(AckMode.RECORD);
        factory.setCommonErrorHandler(errorHandler);
        return factory;
    }
}
