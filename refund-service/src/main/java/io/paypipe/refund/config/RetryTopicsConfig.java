package io.paypipe.refund.config;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.retrytopic.RetryTopicConfigurationSupport;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * Non-blocking retries, the part every retried topic shares: no seek after a forwarded
 * record (see the processor's README, "Retries") and the scheduler that wakes the retry
 * consumers. Each topic's retry topics are configured beside its listener.
 */
@Configuration
class RetryTopicsConfig extends RetryTopicConfigurationSupport {

    @Override
    protected void configureCustomizers(CustomizersConfigurer customizers) {
        customizers.customizeErrorHandler(handler -> handler.setSeekAfterError(false));
    }

    @Bean
    TaskScheduler retryTopicTaskScheduler() {
        var scheduler = new ThreadPoolTaskScheduler();
        scheduler.setPoolSize(2);
        scheduler.setThreadNamePrefix("refund-retry-topics-");
        return scheduler;
    }

}
