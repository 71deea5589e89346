package io.paypipe.support.kafka;

import io.paypipe.core.topic.Topic;
import io.paypipe.support.ServiceSettings;
import io.paypipe.support.failure.TransientRecordException;
import java.time.Duration;
import java.util.List;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.retrytopic.DltStrategy;
import org.springframework.kafka.retrytopic.RetryTopicConfiguration;
import org.springframework.kafka.retrytopic.RetryTopicConfigurationBuilder;
import org.springframework.kafka.retrytopic.SameIntervalTopicReuseStrategy;
import org.springframework.kafka.support.EndpointHandlerMethod;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.util.backoff.BackOff;
import org.springframework.util.backoff.BackOffExecution;

/**
 * What every retried topic shares: a record that failed transiently is re-published to
 * {@link Topic#retry(int)} and consumed there after the i-th delay of its ladder; after
 * the last level it goes to {@link Topic#dlt()}. Only the failures in {@link #RETRIED}
 * retry; anything else (a record that cannot be read, a
 * {@link io.paypipe.support.failure.RejectedRecordException}, a bug) goes straight to the
 * dead-letter topic. The dead-letter handlers never throw (they retry their own work a
 * bounded number of times, then alert through a path without the database, see
 * {@link io.paypipe.support.deadletter.DeadLetterRecorder}), and a failure there is never
 * sent back to the dead-letter topic ({@link DltStrategy#FAIL_ON_ERROR}): the DLT does
 * not loop. Each topic's configuration lives beside its listener in its service; the
 * container customizer and the task scheduler are in {@link RetryTopicsConfig}.
 */
public final class RetryTopics {

    /**
     * What may work on a later attempt (the order not there yet, database unavailable,
     * lock wait timeout, deadlock, broker timeout); the classifier also looks at the
     * causes of an exception.
     */
    public static final List<Class<? extends Throwable>> RETRIED = List.of(TransientRecordException.class,
            TransientDataAccessException.class, RecoverableDataAccessException.class,
            DataAccessResourceFailureException.class, CannotCreateTransactionException.class,
            org.apache.kafka.common.errors.TimeoutException.class);

    private RetryTopics() {
    }

    /**
     * The retry topics of {@code topic}: one per delay of {@code delays}, named by the
     * catalogue ({@link Topic#RETRY_SUFFIX} plus the level, {@link Topic#DLT_SUFFIX}),
     * consumed by {@code factory}'s containers, then {@code deadLetterHandler}.
     */
    public static RetryTopicConfiguration configuration(Topic<?> topic, List<Duration> delays,
            ConcurrentKafkaListenerContainerFactory<?, ?> factory, ServiceSettings settings,
            EndpointHandlerMethod deadLetterHandler, KafkaTemplate<String, Object> template) {
        return configuration(topic, "", delays, factory, settings, deadLetterHandler, template);
    }

    /**
     * The retry topics of a second service that consumes {@code topic} (its own consumer
     * group): its own retry and dead-letter topics, {@code <topic>-<service>-retry-<i>}
     * and {@code <topic>-<service>-dlt}, so that neither service reads the other's
     * retries nor dead letters (e.g. reconcile-service's {@code order.created} beside the
     * processor's).
     */
    public static RetryTopicConfiguration configuration(Topic<?> topic, String service, List<Duration> delays,
            ConcurrentKafkaListenerContainerFactory<?, ?> factory, ServiceSettings settings,
            EndpointHandlerMethod deadLetterHandler, KafkaTemplate<String, Object> template) {
        String infix = service.isEmpty() ? "" : "-" + service;
        return RetryTopicConfigurationBuilder.newInstance()
            .includeTopic(topic.name())
            .listenerFactory(factory)
            .concurrency(settings.retryConcurrency())
            .customBackoff(ladder(delays))
            .maxAttempts(delays.size() + 1)
            .sameIntervalTopicReuseStrategy(SameIntervalTopicReuseStrategy.MULTIPLE_TOPICS)
            .retryTopicSuffix(infix + Topic.RETRY_SUFFIX)
            .suffixTopicsWithIndexValues()
            .dltSuffix(infix + Topic.DLT_SUFFIX)
            .retryOn(RETRIED)
            .traversingCauses()
            .autoCreateTopicsWith(settings.topicPartitions(), settings.topicReplicas())
            .dltHandlerMethod(deadLetterHandler)
            .dltProcessingFailureStrategy(DltStrategy.FAIL_ON_ERROR)
            .create(template);
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
