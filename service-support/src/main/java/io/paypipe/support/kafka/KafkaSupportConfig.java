package io.paypipe.support.kafka;

import io.paypipe.core.topic.Json;
import io.paypipe.support.ServiceSettings;
import java.util.HashMap;
import java.util.Map;
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
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.ContainerProperties.AckMode;
import org.springframework.kafka.support.serializer.DelegatingByTypeSerializer;

/**
 * How a consuming service talks to Kafka. It reads its inbound topics (and their retry
 * and dead-letter topics) as raw bytes and parses them in the listener
 * ({@link io.paypipe.support.inbound.RecordValues}): a record it cannot read still
 * reaches the dead-letter handler with its key, headers and bytes. Offsets are committed
 * per record and only after the listener returned, i.e. after the database commit and the
 * publish. Each listener has its own container factory, which the service declares by
 * name with {@link #bytesContainerFactory}. Events go out as JSON without type headers,
 * acks=all, idempotent ({@code eventTemplate}); retry and dead-letter records are the
 * inbound bytes forwarded with their headers ({@code retryTemplate}). Consumers read
 * committed records only. The topics are declared by
 * {@link io.paypipe.support.topic.TopicsConfiguration}.
 */
@Configuration(proxyBeanMethods = false)
public class KafkaSupportConfig {

    /**
     * The isolation level of every consumer of the product, whatever
     * {@code spring.kafka.consumer.isolation-level} says. None of our producers is
     * transactional, but {@code order.created} comes from the merchant's order system,
     * which may write it in a Kafka transaction: an order of an aborted transaction must
     * never be stored nor queried. On topics without transactions it costs nothing (the
     * last stable offset is the high watermark).
     */
    public static final String READ_COMMITTED = "read_committed";

    /** Events: JSON without type headers, acks=all, idempotent. */
    @Bean
    KafkaTemplate<String, Object> eventTemplate(KafkaProperties kafka, ServiceSettings settings) {
        return new KafkaTemplate<>(new DefaultKafkaProducerFactory<>(producerConfig(kafka, settings),
                new StringSerializer(), Json.serializer()));
    }

    /**
     * Retry and dead-letter records: the inbound bytes, forwarded unchanged with their
     * headers.
     */
    @Bean
    KafkaTemplate<String, Object> retryTemplate(KafkaProperties kafka, ServiceSettings settings) {
        var values = new DelegatingByTypeSerializer(
                Map.of(byte[].class, new ByteArraySerializer(), Object.class, Json.serializer()), true);
        return new KafkaTemplate<>(
                new DefaultKafkaProducerFactory<>(producerConfig(kafka, settings), new StringSerializer(), values));
    }

    /**
     * A listener's container factory: String keys, byte[] values, no auto commit (the
     * offset of each record is committed after the listener returned), from the earliest
     * offset unless {@code spring.kafka.consumer.auto-offset-reset} says otherwise,
     * {@link ServiceSettings#concurrency()} threads, committed records only
     * ({@link #READ_COMMITTED}); a commit stopped by a wakeup meant for a poll is made
     * again ({@link WakeupOutsidePoll}), so it never fails a record that was handled.
     */
    public static ConcurrentKafkaListenerContainerFactory<String, byte[]> bytesContainerFactory(KafkaProperties kafka,
            ServiceSettings settings) {
        Map<String, Object> config = new HashMap<>(kafka.buildConsumerProperties());
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, READ_COMMITTED);
        var factory = new ConcurrentKafkaListenerContainerFactory<String, byte[]>();
        factory.setConsumerFactory(bytesConsumerFactory(config));
        factory.setConcurrency(settings.concurrency());
        factory.getContainerProperties().setAckMode(AckMode.RECORD);
        return factory;
    }

    /**
     * Consumers of String keys and byte[] values with {@code config}, whose commits (and
     * other calls outside {@code poll}) survive a wakeup meant for a poll
     * ({@link WakeupOutsidePoll}).
     */
    public static DefaultKafkaConsumerFactory<String, byte[]> bytesConsumerFactory(Map<String, Object> config) {
        var consumers = new DefaultKafkaConsumerFactory<>(config, new StringDeserializer(),
                new ByteArrayDeserializer());
        consumers.addPostProcessor(new WakeupOutsidePoll<>());
        return consumers;
    }

    /**
     * acks=all and idempotent whatever {@code spring.kafka.producer.*} says. max.block.ms
     * stays under the publish timeout, so a topic missing from the metadata is reported
     * as such (and checked, see the processor's EventPublisher) instead of being cut
     * short by our own wait.
     */
    static Map<String, Object> producerConfig(KafkaProperties kafka, ServiceSettings settings) {
        Map<String, Object> config = new HashMap<>(kafka.buildProducerProperties());
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, Math.max(1, settings.publishTimeout().toMillis() * 3 / 5));
        return config;
    }

}
