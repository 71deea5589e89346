package io.paypipe.processor.config;

import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import io.paypipe.processor.failure.TransientProcessingException;
import io.paypipe.processor.order.OrderDeadLetterHandler;
import io.paypipe.processor.transition.PaymentDeadLetterHandler;
import java.time.Duration;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.retrytopic.DltStrategy;
import org.springframework.kafka.retrytopic.RetryTopicConfiguration;
import org.springframework.kafka.retrytopic.RetryTopicConfigurationBuilder;
import org.springframework.kafka.retrytopic.RetryTopicConfigurationSupport;
import org.springframework.kafka.retrytopic.SameIntervalTopicReuseStrategy;
import org.springframework.kafka.support.EndpointHandlerMethod;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.util.backoff.BackOff;
import org.springframework.util.backoff.BackOffExecution;

/**
 * Non-blocking retries of {@code payment.notify} and {@code order.created}: a record that failed transiently is
 * re-published to {@code <topic>-retry-<i>} and consumed there after the i-th delay of its ladder
 * ({@code processor.retry-delays}, {@code processor.order-retry-delays}); after the last level it goes to
 * {@code <topic>-dlt}. Only the failures listed here retry; anything else (a record that cannot be read, a
 * {@code RejectedRecordException}, a bug) goes straight to the dead-letter topic. The dead-letter handlers never
 * throw (they retry their own work a bounded number of times, then alert through a path without the database), and
 * a failure there is never sent back to the dead-letter topic ({@link DltStrategy#FAIL_ON_ERROR}): the DLT does not
 * loop.
 */
@Configuration
class RetryTopicsConfig extends RetryTopicConfigurationSupport {

    /**
     * After a record failed and was forwarded to the next retry topic, carry on with the records already polled
     * instead of seeking back and polling again. With the default (seek), every failed record at the end of a
     * partition waits for the consumer's in-flight fetch, up to {@code fetch.max.wait.ms} (500 ms): the benchmark
     * measured a burst of orders-not-yet-there draining at about 2 records a second per consumer
     * (docs/benchmarks.md; spring-kafka GH-2195 added this switch for retry topics).
     */
    @Override
    protected void configureCustomizers(CustomizersConfigurer customizers) {
        customizers.customizeErrorHandler(handler -> handler.setSeekAfterError(false));
    }

    /**
     * What may work on a later attempt (the order not there yet, database unavailable, lock wait timeout,
     * deadlock, broker timeout); the classifier also looks at the causes of an exception.
     */
    static final List<Class<? extends Throwable>> RETRIED = List.of(
            TransientProcessingException.class,
            TransientDataAccessException.class,
            RecoverableDataAccessException.class,
            DataAccessResourceFailureException.class,
            CannotCreateTransactionException.class,
            org.apache.kafka.common.errors.TimeoutException.class);

    @Bean
    RetryTopicConfiguration paymentNotifyRetryTopics(KafkaTemplate<String, Object> retryTemplate,
            ConcurrentKafkaListenerContainerFactory<?, ?> paymentNotifyContainerFactory, ProcessorProperties props) {
        return retryTopics(Topics.PAYMENT_NOTIFY, props.retryDelays(), paymentNotifyContainerFactory, props,
                new EndpointHandlerMethod(PaymentDeadLetterHandler.class, "onDeadLetter"), retryTemplate);
    }

    @Bean
    RetryTopicConfiguration orderCreatedRetryTopics(KafkaTemplate<String, Object> retryTemplate,
            ConcurrentKafkaListenerContainerFactory<?, ?> orderCreatedContainerFactory, ProcessorProperties props) {
        return retryTopics(Topics.ORDER_CREATED, props.orderRetryDelays(), orderCreatedContainerFactory, props,
                new EndpointHandlerMethod(OrderDeadLetterHandler.class, "onDeadLetter"), retryTemplate);
    }

    private static RetryTopicConfiguration retryTopics(Topic<?> topic, List<Duration> delays,
            ConcurrentKafkaListenerContainerFactory<?, ?> factory, ProcessorProperties props,
            EndpointHandlerMethod deadLetterHandler, KafkaTemplate<String, Object> template) {
        return RetryTopicConfigurationBuilder.newInstance()
                .includeTopic(topic.name())
                .listenerFactory(factory)
                .customBackoff(ladder(delays))
                .maxAttempts(delays.size() + 1)
                .sameIntervalTopicReuseStrategy(SameIntervalTopicReuseStrategy.MULTIPLE_TOPICS)
                .suffixTopicsWithIndexValues()
                .retryOn(RETRIED)
                .traversingCauses()
                .autoCreateTopicsWith(props.topicPartitions(), props.topicReplicas())
                .dltHandlerMethod(deadLetterHandler)
                .dltProcessingFailureStrategy(DltStrategy.FAIL_ON_ERROR)
                .create(template);
    }

    /** Wakes the retry consumers when a delayed record is due. */
    @Bean
    TaskScheduler retryTopicTaskScheduler() {
        var scheduler = new ThreadPoolTaskScheduler();
        scheduler.setPoolSize(2);
        scheduler.setThreadNamePrefix("retry-topics-");
        return scheduler;
    }

    /** The configured delays, one per retry level, then stop. */
    static BackOff ladder(List<Duration> delays) {
        return () -> new BackOffExecution() {
            private int next;

            @Override
            public long nextBackOff() {
                return next < delays.size() ? delays.get(next++).toMillis() : STOP;
            }
        };
    }
}
