package io.paypipe.reconcile.query;

import io.paypipe.core.topic.Topics;
import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.support.kafka.BatchListeners;
import io.paypipe.support.kafka.KafkaSupportConfig;
import io.paypipe.support.kafka.RetryTopics;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.retrytopic.RetryTopicConfiguration;
import org.springframework.kafka.support.EndpointHandlerMethod;

/**
 * {@code order.created} as reconcile-service reads it: raw bytes, offsets committed per
 * record (with {@code reconcile.query.order-batch.enabled} the main topic's container is
 * created but not started: {@link OrderCreatedBatchConfig}); an order the processor has
 * not stored yet is retried on {@code order.created-reconcile-retry-<i>} after each of
 * {@code reconcile.query.order-retry-delays}, then {@code order.created-reconcile-dlt}
 * and {@link OrderDeadLetterHandler}. Its own retry and dead-letter topics: the
 * processor's ({@code order.created-retry-<i>}, {@code order.created-dlt}) are the
 * processor's group's.
 */
@Configuration(proxyBeanMethods = false)
class OrderRetryTopicsConfig {

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, byte[]> reconcileOrderCreatedContainerFactory(KafkaProperties kafka,
            ReconcileProperties props) {
        var factory = KafkaSupportConfig.bytesContainerFactory(kafka, props);
        if (props.query().orderBatch().enabled()) {
            BatchListeners.mainTopicNotStarted(factory, Topics.ORDER_CREATED.name());
        }
        return factory;
    }

    @Bean
    RetryTopicConfiguration reconcileOrderCreatedRetryTopics(KafkaTemplate<String, Object> retryTemplate,
            ConcurrentKafkaListenerContainerFactory<?, ?> reconcileOrderCreatedContainerFactory,
            ReconcileProperties props) {
        return RetryTopics.configuration(Topics.ORDER_CREATED, "reconcile", props.query().orderRetryDelays(),
                reconcileOrderCreatedContainerFactory, props,
                new EndpointHandlerMethod(OrderDeadLetterHandler.class, "onDeadLetter"), retryTemplate);
    }

}
