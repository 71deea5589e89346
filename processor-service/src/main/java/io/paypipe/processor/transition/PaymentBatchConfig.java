package io.paypipe.processor.transition;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.topic.Topics;
import io.paypipe.processor.config.ProcessorProperties;
import io.paypipe.support.kafka.BatchListeners;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.KafkaListenerConfigurer;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.retrytopic.DestinationTopicResolver;

/**
 * The batch listener of {@code payment.notify} ({@link PaymentBatchListener}), when
 * {@code processor.batch.enabled}: it reads the main topic in the per-record listener's
 * consumer group ({@value PaymentNotifiedListener#ID}), whose retry and dead-letter
 * topics keep handling records one by one, and a record it gives up on is forwarded to
 * them exactly as the per-record listener's would be ({@link BatchListeners}).
 */
@Configuration(proxyBeanMethods = false)
class PaymentBatchConfig {

    /** The batch listener's id (not a prefix of the per-record listener's). */
    static final String ID = "processor-notify-batch";

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, byte[]> paymentNotifyBatchContainerFactory(KafkaProperties kafka,
            ProcessorProperties props, DestinationTopicResolver destinations, MeterRegistry meters) {
        return BatchListeners.containerFactory(kafka, props, destinations, PaymentNotifiedListener.ID,
                props.batch().maxRecords(), props.batch().gather(), meters);
    }

    @Bean
    KafkaListenerConfigurer paymentNotifyBatchEndpoint(ProcessorProperties props, PaymentBatchListener listener,
            ConcurrentKafkaListenerContainerFactory<String, byte[]> paymentNotifyBatchContainerFactory) {
        if (!props.batch().enabled()) {
            return registrar -> {
            };
        }
        return registrar -> BatchListeners.register(registrar, ID, PaymentNotifiedListener.ID,
                Topics.PAYMENT_NOTIFY.name(), listener, paymentNotifyBatchContainerFactory);
    }

}
