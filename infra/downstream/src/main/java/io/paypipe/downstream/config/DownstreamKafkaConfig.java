package io.paypipe.downstream.config;

import io.paypipe.core.event.OrderPaid;
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
        var factory = new ConcurrentKafkaListenerContainerFactory<String, OrderPaid>();
        factory.setConsumerFactory(Topics.ORDER_PAID.consumerFactory(kafka.buildConsumerProperties()));
        factory.getContainerProperties().setAckMode(AckMode.RECORD);
        factory.setCommonErrorHandler(new DefaultErrorHandler(new FixedBackOff(500, FixedBackOff.UNLIMITED_ATTEMPTS)));
        return factory;
    }

}
