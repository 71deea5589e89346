package io.paypipe.processor.config;

import io.paypipe.support.kafka.KafkaSupportConfig;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;

/**
 * The container factories of the processor's listeners, one per inbound topic
 * ({@code order.created}, {@code payment.notify}, each with its retry and dead-letter
 * topics): raw bytes, offsets committed per record after the listener returned, i.e.
 * after the database commit and the downstream publish. The templates, the catalogue
 * topics and what every retried topic shares come from service-support
 * ({@link KafkaSupportConfig}, {@code io.paypipe.support.kafka.RetryTopics}).
 */
@Configuration(proxyBeanMethods = false)
class KafkaConfig {

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, byte[]> orderCreatedContainerFactory(KafkaProperties kafka,
            ProcessorProperties props) {
        return KafkaSupportConfig.bytesContainerFactory(kafka, props);
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, byte[]> paymentNotifyContainerFactory(KafkaProperties kafka,
            ProcessorProperties props) {
        return KafkaSupportConfig.bytesContainerFactory(kafka, props);
    }

}
