package io.paypipe.downstream.config;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.OrderRefunded;
import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.listener.ContainerProperties.AckMode;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.FixedBackOff;

@Configuration(proxyBeanMethods = false)
class DownstreamKafkaConfig {

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, OrderPaid> orderPaidContainerFactory(KafkaProperties kafka) {
        return recordAtATime(Topics.ORDER_PAID, kafka);
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, OrderRefunded> orderRefundedContainerFactory(
            KafkaProperties kafka) {
        return recordAtATime(Topics.ORDER_REFUNDED, kafka);
    }

    /**
     * The offset of each record is committed once it was applied; a failure retries the
     * same record every 500 ms, for ever (the unique keys make a retry harmless).
     */
    private static <V> ConcurrentKafkaListenerContainerFactory<String, V> recordAtATime(Topic<V> topic,
            KafkaProperties kafka) {
        var factory = new ConcurrentKafkaListenerContainerFactory<String, V>();
        factory.setConsumerFactory(topic.consumerFactory(kafka.buildConsumerProperties()));
        factory.getContainerProperties().setAckMode(AckMode.RECORD);
        factory.setCommonErrorHandler(new DefaultErrorHandler(new FixedBackOff(500, FixedBackOff.UNLIMITED_ATTEMPTS)));
        return factory;
    }

}
