package io.paypipe.refund.notify;

import io.paypipe.core.topic.Topics;
import io.paypipe.refund.config.RefundProperties;
import io.paypipe.support.kafka.RetryTopics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.retrytopic.RetryTopicConfiguration;
import org.springframework.kafka.support.EndpointHandlerMethod;

/**
 * The retry topics of {@code refund.notify} ({@link RefundNotifiedListener}): ladder
 * {@code refund.notify-retry-delays}, then {@code refund.notify-dlt} and
 * {@link NotifyDeadLetterHandler}.
 */
@Configuration(proxyBeanMethods = false)
class NotifyRetryTopicsConfig {

    @Bean
    RetryTopicConfiguration refundNotifyRetryTopics(KafkaTemplate<String, Object> retryTemplate,
            ConcurrentKafkaListenerContainerFactory<?, ?> refundNotifyContainerFactory, RefundProperties props) {
        return RetryTopics.configuration(Topics.REFUND_NOTIFY, props.notifyRetryDelays(), refundNotifyContainerFactory,
                props, new EndpointHandlerMethod(NotifyDeadLetterHandler.class, "onDeadLetter"), retryTemplate);
    }

}
