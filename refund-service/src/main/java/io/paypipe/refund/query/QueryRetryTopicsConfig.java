package io.paypipe.refund.query;

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
 * The query ladder: {@code refund.query-retry-<i>} after each of
 * {@code refund.query-delays} (default 1m, 5m, 15m, 1h, 6h), then
 * {@code refund.query-dlt} and {@link QueryDeadLetterHandler} (REFUND_UNRESOLVED).
 */
@Configuration(proxyBeanMethods = false)
class QueryRetryTopicsConfig {

    @Bean
    RetryTopicConfiguration refundQueryRetryTopics(KafkaTemplate<String, Object> retryTemplate,
            ConcurrentKafkaListenerContainerFactory<?, ?> refundQueryContainerFactory, RefundProperties props) {
        return RetryTopics.configuration(Topics.REFUND_QUERY, props.queryDelays(), refundQueryContainerFactory, props,
                new EndpointHandlerMethod(QueryDeadLetterHandler.class, "onDeadLetter"), retryTemplate);
    }

}
