package io.paypipe.processor.pause;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.topic.Topics;
import io.paypipe.processor.config.ProcessorProperties;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import io.paypipe.support.pause.ConsumerPause;
import io.paypipe.support.pause.ConsumerPauseController;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

/**
 * {@code /ops/consumers} on the processor's port ({@link ConsumerPauseController}):
 * pauses and resumes the listener containers of {@code payment.notify}, its retry topics
 * and its dead-letter topic, i.e. every payment the processor would apply.
 * {@code order.created} and its retry topics keep running: orders are still stored while
 * payments wait. A pause longer than {@code processor.pause-alert-after} raises a
 * CONSUMERS_PAUSED alert (one per pause, keyed by its start), stored in {@code ops_alert}
 * and published to {@code ops.alert}.
 */
@Configuration(proxyBeanMethods = false)
@Import(ConsumerPauseController.class)
class PaymentConsumersPauseConfig {

    private static final Logger log = LoggerFactory.getLogger(PaymentConsumersPauseConfig.class);

    @Bean
    ConsumerPause paymentConsumersPause(KafkaListenerEndpointRegistry registry, ProcessorProperties props,
            AlertRepository alerts, AlertPublisher publisher, MeterRegistry meters, Clock clock) {
        return new ConsumerPause(props.serviceName(), registry, PaymentConsumersPauseConfig::paymentTopics,
                props.pauseAlertAfter(), (pause, after) -> raise(alerts, publisher, alert(pause, after, clock)), meters,
                clock);
    }

    /** {@code payment.notify}, its retry topics ({@code -retry-<i>}) and {@code -dlt}. */
    static boolean paymentTopics(List<String> topics) {
        String main = Topics.PAYMENT_NOTIFY.name();
        return !topics.isEmpty() && topics.stream().allMatch(t -> t.equals(main) || t.startsWith(main + "-"));
    }

    static OpsAlertRaised alert(ConsumerPause.Paused pause, Duration after, Clock clock) {
        String key = Kind.CONSUMERS_PAUSED.name() + ":" + pause.service() + ":" + pause.since().toEpochMilli();
        String message = "the " + pause.service() + "'s payment consumers have been paused since " + pause.since()
                + " (longer than " + after + ") by " + pause.by() + ": " + pause.reason()
                + "; no payment is applied until POST /ops/consumers/resume";
        return Alerts.of(key, Kind.CONSUMERS_PAUSED, Severity.ERROR, About.NOTHING, message, clock.instant());
    }

    /**
     * Stored, then published; a database that cannot take it still leaves the published
     * alert and the ERROR line.
     */
    static void raise(AlertRepository alerts, AlertPublisher publisher, OpsAlertRaised alert) {
        try {
            alerts.raise(alert);
        }
        catch (RuntimeException e) {
            log.error("alert {} not stored: {}", alert.alertKey(), e.toString());
        }
        publisher.publishQuietly(alert);
    }

}
