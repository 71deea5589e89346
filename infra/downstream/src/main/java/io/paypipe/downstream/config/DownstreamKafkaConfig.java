package io.paypipe.downstream.config;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.topic.Topics;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.listener.ContainerProperties.AckMode;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.support.serializer.ErrorHandlingDeserializer;
import org.springframework.util.backoff.FixedBackOff;

@Configuration(proxyBeanMethods = false)
class DownstreamKafkaConfig {

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, OrderPaid> orderPaidContainerFactory(KafkaProperties kafka) {
        Map<String, Object> config = new HashMap<>(kafka.buildConsumerProperties());
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        var factory = new ConcurrentKafkaListenerContainerFactory<String, OrderPaid>();
        factory.setConsumerFactory(new DefaultKafkaConsumerFactory<>(config,
                new ErrorHandlingDeserializer<>(Topics.ORDER_PAID.keyDeserializer()),
                new ErrorHandlingDeserializer<>(Topics.ORDER_PAID.valueDeserializer())));
        factory.getContainerProperties().setAckMode(AckMode.RECORD);
        factory.setCommonErrorHandler(new DefaultErrorHandler(new FixedBackOff(500, FixedBackOff.UNLIMITED_ATTEMPTS)));
        return factory;
    }
}
