package io.paypipe.processor.transition;

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
 * The retry topics of {@code payment.notify} ({@link PaymentNotifiedListener}): ladder
 * {@code processor.retry-delays}, then {@code payment.notify-dlt} and
 * {@link PaymentDeadLetterHandler}. What every retried topic shares is in
 * {@link RetryTopics}.
 */
@Configuration(proxyBeanMethods = false)
class PaymentRetryTopicsConfig {

    @Bean
    RetryTopicConfiguration paymentNotifyRetryTopics(KafkaTemplate<String, Object> retryTemplate,
            ConcurrentKafkaListenerContainerFactory<?, ?> paymentNotifyContainerFactory, ProcessorProperties props) {
        return RetryTopics.configuration(Topics.PAYMENT_NOTIFY, props.retryDelays(), paymentNotifyContainerFactory,
                props, new EndpointHandlerMethod(PaymentDeadLetterHandler.class, "onDeadLetter"), retryTemplate);
    }

}
