package io.paypipe.processor.publish;

import io.paypipe.core.id.EventId;
import io.paypipe.processor.config.ProcessorProperties;
import io.paypipe.processor.failure.DownstreamPublishException;
import io.paypipe.processor.failure.DownstreamRejectedException;
import io.paypipe.support.kafka.EventSender;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Publishes the processor's events (acks=all, idempotent) and waits for the broker
 * ({@link EventSender}). A failure is either {@link DownstreamPublishException}
 * (transient: the record is retried on the retry topics, the retry re-publishes the same
 * event id) or {@link DownstreamRejectedException} (no retry can fix it: the record goes
 * to the dead-letter topic at once, with an alert).
 */
@Component
public class EventPublisher extends EventSender {

    private static final Logger log = LoggerFactory.getLogger(EventPublisher.class);

    private final Map<String, Object> adminConfig;

    EventPublisher(KafkaTemplate<String, Object> eventTemplate, ProcessorProperties props, KafkaProperties kafka) {
        super(eventTemplate, props.publishTimeout());
        this.adminConfig = Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                String.join(",", kafka.getBootstrapServers()), AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2000,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3000);
    }

    @Override
    protected RuntimeException unconfirmed(String topic, EventId eventId, Throwable cause) {
        return new DownstreamPublishException(topic, eventId, cause);
    }

    @Override
    protected RuntimeException failed(String topic, EventId eventId, Throwable failure) {
        Optional<Throwable> refusal = PublishFailures.finalCause(failure);
        if (refusal.isEmpty() && PublishFailures.isMissingMetadata(failure) && topicIsMissing(topic)) {
            refusal = Optional.of(new UnknownTopicOrPartitionException("topic " + topic + " does not exist"));
        }
        if (refusal.isPresent()) {
            log.error("publish to {} refused for event {}, no retry can fix it: {}", topic, eventId,
                    refusal.get().toString());
            return new DownstreamRejectedException(topic, eventId, refusal.get());
        }
        return new DownstreamPublishException(topic, eventId, failure);
    }

    /**
     * Asks the broker whether {@code topic} exists; anything but a definite "unknown
     * topic" means "maybe".
     */
    private boolean topicIsMissing(String topic) {
        try (Admin admin = Admin.create(adminConfig)) {
            admin.describeTopics(List.of(topic)).allTopicNames().get(3, TimeUnit.SECONDS);
            return false;
        }
        catch (ExecutionException e) {
            return e.getCause() instanceof UnknownTopicOrPartitionException;
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        catch (TimeoutException | RuntimeException e) {
            return false;
        }
    }

}
