package io.paypipe.downstream.config;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.support.pause.ConsumerPause;
import io.paypipe.support.pause.ConsumerPauseController;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

/**
 * {@code /ops/consumers} on the reference consumers' port
 * ({@link ConsumerPauseController}): pauses and resumes every listener container
 * ({@code warehouse}, {@code points}, {@code points-refunds}). These consumers stand for
 * the merchant's systems and keep no {@code ops_alert}: a pause longer than
 * {@code downstream.pause-alert-after} is said by an ERROR line (and the gauge
 * {@code paypipe.consumers.paused{service=downstream}} shows every pause).
 */
@Configuration(proxyBeanMethods = false)
@Import(ConsumerPauseController.class)
class DownstreamPauseConfig {

    @Bean
    ConsumerPause downstreamConsumersPause(KafkaListenerEndpointRegistry registry, DownstreamProperties settings,
            MeterRegistry meters, Clock clock) {
        return new ConsumerPause("downstream", registry, topics -> true, settings.pauseAlertAfter(), (pause, after) -> {
        }, meters, clock);
    }

}
