package io.paypipe.support.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.support.ServiceSettings;
import java.util.function.Consumer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.kafka.retrytopic.DeadLetterPublishingRecovererFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.retrytopic.RetryTopicConfigurationSupport;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * Non-blocking retries, the part every retried topic shares: the error handler's
 * customizer and the scheduler that wakes the retry consumers. Each topic's retry topics
 * and dead-letter handler are configured beside its listener in its service (e.g. the
 * processor's {@code PaymentRetryTopicsConfig}, refund-service's
 * {@code QueryRetryTopicsConfig}) with {@link RetryTopics}.
 */
@Configuration
public class RetryTopicsConfig extends RetryTopicConfigurationSupport {

    private final ObjectProvider<MeterRegistry> meters;

    RetryTopicsConfig(ObjectProvider<MeterRegistry> meters) {
        this.meters = meters;
    }

    /**
     * Every record forwarded to a retry topic or a dead-letter topic counted by where it
     * went ({@link RetryRoutes}, {@code paypipe.kafka.retries{topic,level}}).
     */
    @Override
    protected Consumer<DeadLetterPublishingRecovererFactory> configureDeadLetterPublishingContainerFactory() {
        return factory -> factory.setDeadLetterPublisherCreator(RetryRoutes.creator(meters.getIfAvailable()));
    }

    /**
     * After a record failed and was forwarded to the next retry topic, carry on with the
     * records already polled instead of seeking back and polling again. With the default
     * (seek), every failed record at the end of a partition waits for the consumer's
     * in-flight fetch, up to {@code fetch.max.wait.ms} (500 ms): the benchmark measured a
     * burst of orders-not-yet-there draining at about 2 records a second per consumer
     * (docs/benchmarks.md; spring-kafka GH-2195 added this switch for retry topics).
     */
    @Override
    protected void configureCustomizers(CustomizersConfigurer customizers) {
        customizers.customizeErrorHandler(handler -> handler.setSeekAfterError(false));
    }

    /**
     * Wakes the retry consumers when a delayed record is due; its threads are named
     * {@code <service>-retry-topics-<n>}.
     */
    @Bean
    TaskScheduler retryTopicTaskScheduler(ServiceSettings settings) {
        var scheduler = new ThreadPoolTaskScheduler();
        scheduler.setPoolSize(2);
        scheduler.setThreadNamePrefix(settings.serviceName() + "-retry-topics-");
        return scheduler;
    }

}
