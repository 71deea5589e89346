package io.paypipe.refund.config;

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
 * refund-service reads {@code refund.notify}, {@code refund.task} and
 * {@code refund.query} (and their retry and dead-letter topics) as bytes and parses each
 * value in its listener, so a record it cannot read still reaches its dead-letter handler
 * with its key, headers and bytes. Offsets are committed per record after the listener
 * returned. Events are JSON without type headers, acks=all, idempotent.
 */
@Configuration(proxyBeanMethods = false)
class KafkaConfig {

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, byte[]> refundNotifyContainerFactory(KafkaProperties kafka,
            RefundProperties props) {
        return bytesContainerFactory(kafka, props);
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, byte[]> refundTaskContainerFactory(KafkaProperties kafka,
            RefundProperties props) {
        return bytesContainerFactory(kafka, props);
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, byte[]> refundQueryContainerFactory(KafkaProperties kafka,
            RefundProperties props) {
        return bytesContainerFactory(kafka, props);
    }

    @Bean
    KafkaTemplate<String, Object> eventTemplate(KafkaProperties kafka, RefundProperties props) {
        return new KafkaTemplate<>(new DefaultKafkaProducerFactory<>(producerConfig(kafka, props),
                new StringSerializer(), Json.serializer()));
    }

    /** Retry and dead-letter records: the inbound bytes, forwarded with their headers. */
    @Bean
    KafkaTemplate<String, Object> retryTemplate(KafkaProperties kafka, RefundProperties props) {
        var values = new DelegatingByTypeSerializer(
                Map.of(byte[].class, new ByteArraySerializer(), Object.class, Json.serializer()), true);
        return new KafkaTemplate<>(
                new DefaultKafkaProducerFactory<>(producerConfig(kafka, props), new StringSerializer(), values));
    }

    @Bean
    KafkaAdmin.NewTopics catalogueTopics(RefundProperties props) {
        return new KafkaAdmin.NewTopics(Topics.all()
            .stream()
            .map(t -> new NewTopic(t.name(), props.topicPartitions(), props.topicReplicas()))
            .toArray(NewTopic[]::new));
    }

    private static Map<String, Object> producerConfig(KafkaProperties kafka, RefundProperties props) {
        Map<String, Object> config = new HashMap<>(kafka.buildProducerProperties());
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, Math.max(1, props.publishTimeout().toMillis() * 3 / 5));
        return config;
    }

    private static ConcurrentKafkaListenerContainerFactory<String, byte[]> bytesContainerFactory(KafkaProperties kafka,
            RefundProperties props) {
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
