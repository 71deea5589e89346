package io.paypipe.processor.config;

import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topics;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.ContainerProperties.AckMode;
import org.springframework.kafka.support.serializer.DelegatingByTypeSerializer;

/**
 * The processor reads its inbound topics ({@code order.created}, {@code payment.notify}
 * and their retry and dead-letter topics) as raw bytes and parses them in the listener
 * (see {@code RecordValues}): a record it cannot read still reaches the dead-letter
 * handler with its key, headers and bytes. Offsets are committed per record and only
 * after the listener returned, i.e. after the database commit and the downstream publish.
 * Both topics retry on retry topics ({@link RetryTopics}).
 */
@Configuration(proxyBeanMethods = false)
class KafkaConfig {

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, byte[]> orderCreatedContainerFactory(KafkaProperties kafka,
            ProcessorProperties props) {
        return bytesContainerFactory(kafka, props);
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, byte[]> paymentNotifyContainerFactory(KafkaProperties kafka,
            ProcessorProperties props) {
        return bytesContainerFactory(kafka, props);
    }

    /** Downstream events: JSON without type headers, acks=all, idempotent. */
    @Bean
    KafkaTemplate<String, Object> downstreamTemplate(KafkaProperties kafka, ProcessorProperties props) {
        return new KafkaTemplate<>(new DefaultKafkaProducerFactory<>(producerConfig(kafka, props),
                new StringSerializer(), Json.serializer()));
    }

    /**
     * Retry and dead-letter records: the inbound bytes, forwarded unchanged with their
     * headers.
     */
    @Bean
    KafkaTemplate<String, Object> retryTemplate(KafkaProperties kafka, ProcessorProperties props) {
        var values = new DelegatingByTypeSerializer(
                Map.of(byte[].class, new ByteArraySerializer(), Object.class, Json.serializer()), true);
        return new KafkaTemplate<>(
                new DefaultKafkaProducerFactory<>(producerConfig(kafka, props), new StringSerializer(), values));
    }

    @Bean
    KafkaAdmin.NewTopics catalogueTopics(ProcessorProperties props) {
        return new KafkaAdmin.NewTopics(Topics.all()
            .stream()
            .map(t -> new NewTopic(t.name(), props.topicPartitions(), props.topicReplicas()))
            .toArray(NewTopic[]::new));
    }

    /**
     * acks=all and idempotent whatever {@code spring.kafka.producer.*} says. max.block.ms
     * stays under the publish timeout, so a topic missing from the metadata is reported
     * as such (and checked, see EventPublisher) instead of being cut short by our own
     * wait.
     */
    private static Map<String, Object> producerConfig(KafkaProperties kafka, ProcessorProperties props) {
        Map<String, Object> config = new HashMap<>(kafka.buildProducerProperties());
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, Math.max(1, props.publishTimeout().toMillis() * 3 / 5));
        return config;
    }

    private static ConcurrentKafkaListenerContainerFactory<String, byte[]> bytesContainerFactory(KafkaProperties kafka,
            ProcessorProperties props) {
        Map<String, Object> config = new HashMap<>(kafka.buildConsumerProperties());
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        var factory = new ConcurrentKafkaListenerContainerFactory<String, byte[]>();
        factory.setConsumerFactory(
                new DefaultKafkaConsumerFactory<>(config, new StringDeserializer(), new ByteArrayDeserializer()));
        factory.setConcurrency(props.concurrency());
        factory.getContainerProperties().setAckMode(AckMode.RECORD);
        return factory;
    }

}
