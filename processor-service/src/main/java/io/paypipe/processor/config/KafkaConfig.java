package io.paypipe.processor.config;

import io.paypipe.core.topic.Topics;
import io.paypipe.support.kafka.BatchListeners;
import io.paypipe.support.kafka.KafkaSupportConfig;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;

/**
 * The container factories of the processor's listeners, one per inbound topic
 * ({@code order.created}, {@code payment.notify}, each with its retry and dead-letter
 * topics): raw bytes, offsets committed per record after the listener returned, i.e.
 * after the database commit and the downstream publish (the batch listener of
 * {@code payment.notify} has its own, transition.PaymentBatchConfig). The templates, the
 * catalogue topics and what every retried topic shares come from service-support
 * ({@link KafkaSupportConfig}, {@code io.paypipe.support.kafka.RetryTopics}).
 */
@Configuration(proxyBeanMethods = false)
class KafkaConfig {

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, byte[]> orderCreatedContainerFactory(KafkaProperties kafka,
            ProcessorProperties props) {
        return KafkaSupportConfig.bytesContainerFactory(kafka, props);
    }

    /**
     * With {@code processor.batch.enabled} the main topic's container of this factory is
     * created (its retry topics hang off it) but not started: the batch listener reads
     * {@code payment.notify} in its consumer group (transition.PaymentBatchConfig). The
     * retry and dead-letter containers start as always.
     */
    @Bean
    ConcurrentKafkaListenerContainerFactory<String, byte[]> paymentNotifyContainerFactory(KafkaProperties kafka,
            ProcessorProperties props) {
        var factory = KafkaSupportConfig.bytesContainerFactory(kafka, props);
        if (props.batch().enabled()) {
            BatchListeners.mainTopicNotStarted(factory, Topics.PAYMENT_NOTIFY.name());
        }
        return factory;
    }

}
