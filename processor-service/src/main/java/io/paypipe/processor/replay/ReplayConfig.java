package io.paypipe.processor.replay;

import io.paypipe.core.topic.Topics;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Kafka clients of dead-letter replay, plain byte[] on both sides so a replay
 * republishes exactly the bytes that failed. The reader is an assigned consumer without a
 * group: it never commits offsets.
 */
@Configuration(proxyBeanMethods = false)
class ReplayConfig {

    static final String DEAD_LETTER_TOPIC = Topics.PAYMENT_NOTIFY.dlt();
    static final String TARGET_TOPIC = Topics.PAYMENT_NOTIFY.name();

    @Bean
    DeadLetterClients deadLetterClients(KafkaProperties kafka) {
        return new DeadLetterClients(kafka);
    }

    /**
     * Opens a fresh reader per request; holds one idempotent, acks=all producer for
     * replays.
     */
    static final class DeadLetterClients implements AutoCloseable {

        private final Map<String, Object> consumerConfig;

        private final Producer<byte[], byte[]> producer;

        DeadLetterClients(KafkaProperties kafka) {
            consumerConfig = new HashMap<>(kafka.buildConsumerProperties());
            consumerConfig.remove(ConsumerConfig.GROUP_ID_CONFIG);
            consumerConfig.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
            consumerConfig.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
            consumerConfig.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
            Map<String, Object> producerConfig = new HashMap<>(kafka.buildProducerProperties());
            producerConfig.remove(ProducerConfig.TRANSACTIONAL_ID_CONFIG);
            producerConfig.put(ProducerConfig.ACKS_CONFIG, "all");
            producerConfig.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
            producer = new KafkaProducer<>(producerConfig, new ByteArraySerializer(), new ByteArraySerializer());
        }

        Consumer<byte[], byte[]> reader() {
            return new KafkaConsumer<>(consumerConfig, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        }

        Producer<byte[], byte[]> producer() {
            return producer;
        }

        @Override
        public void close() {
            producer.close();
        }

    }

}
