package io.paypipe.refund.config;

import io.paypipe.support.kafka.KafkaSupportConfig;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;

/**
 * The container factories of refund-service's listeners, one per inbound topic
 * ({@code refund.notify}, {@code refund.task}, {@code refund.query}, each with its retry
 * and dead-letter topics): raw bytes, offsets committed per record after the listener
 * returned. The templates, the catalogue topics and what every retried topic shares come
 * from service-support ({@link KafkaSupportConfig},
 * {@code io.paypipe.support.kafka.RetryTopics}).
 */
@Configuration(proxyBeanMethods = false)
class KafkaConfig {

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, byte[]> refundNotifyContainerFactory(KafkaProperties kafka,
            RefundProperties props) {
        return KafkaSupportConfig.bytesContainerFactory(kafka, props);
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, byte[]> refundTaskContainerFactory(KafkaProperties kafka,
            RefundProperties props) {
        return KafkaSupportConfig.bytesContainerFactory(kafka, props);
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, byte[]> refundQueryContainerFactory(KafkaProperties kafka,
            RefundProperties props) {
        return KafkaSupportConfig.bytesContainerFactory(kafka, props);
    }

}
