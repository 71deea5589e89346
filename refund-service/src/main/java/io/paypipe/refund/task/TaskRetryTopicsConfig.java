package io.paypipe.refund.task;

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
 * The retry topics of {@code refund.task} ({@link RefundTaskListener}): ladder
 * {@code refund.task-retry-delays}, then {@code refund.task-dlt} and
 * {@link TaskDeadLetterHandler}.
 */
@Configuration(proxyBeanMethods = false)
class TaskRetryTopicsConfig {

    @Bean
    RetryTopicConfiguration refundTaskRetryTopics(KafkaTemplate<String, Object> retryTemplate,
            ConcurrentKafkaListenerContainerFactory<?, ?> refundTaskContainerFactory, RefundProperties props) {
        return RetryTopics.configuration(Topics.REFUND_TASK, props.taskRetryDelays(), refundTaskContainerFactory, props,
                new EndpointHandlerMethod(TaskDeadLetterHandler.class, "onDeadLetter"), retryTemplate);
    }

}
