package io.paypipe.processor.order;

import io.paypipe.core.topic.Topics;
import io.paypipe.processor.config.ProcessorProperties;
import io.paypipe.support.kafka.RetryTopics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.retrytopic.RetryTopicConfiguration;
import org.springframework.kafka.support.EndpointHandlerMethod;

/**
 * The retry topics of {@code order.created} ({@link OrderCreatedListener}): ladder
 * {@code processor.order-retry-delays}, then {@code order.created-dlt} and
 * {@link OrderDeadLetterHandler}. What every retried topic shares is in
 * {@link RetryTopics}.
 */
@Configuration(proxyBeanMethods = false)
class OrderRetryTopicsConfig {

    @Bean
    RetryTopicConfiguration orderCreatedRetryTopics(KafkaTemplate<String, Object> retryTemplate,
            ConcurrentKafkaListenerContainerFactory<?, ?> orderCreatedContainerFactory, ProcessorProperties props) {
        return RetryTopics.configuration(Topics.ORDER_CREATED, props.orderRetryDelays(), orderCreatedContainerFactory,
                props, new EndpointHandlerMethod(OrderDeadLetterHandler.class, "onDeadLetter"), retryTemplate);
    }

}
