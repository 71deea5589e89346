package io.paypipe.refund.publish;

import io.paypipe.core.id.EventId;
import io.paypipe.refund.config.RefundProperties;
import io.paypipe.refund.failure.PublishFailedException;
import io.paypipe.support.kafka.EventSender;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Publishes refund-service's events (acks=all, idempotent) and waits for the broker
 * ({@link EventSender}). A failure is a {@link PublishFailedException} (transient: a
 * listener's record is retried and the retry publishes the same event id).
 */
@Component
public class EventPublisher extends EventSender {

    EventPublisher(KafkaTemplate<String, Object> eventTemplate, RefundProperties props) {
        super(eventTemplate, props.publishTimeout());
    }

    @Override
    protected RuntimeException unconfirmed(String topic, EventId eventId, Throwable cause) {
        return new PublishFailedException(topic, eventId, cause);
    }

    @Override
    protected RuntimeException failed(String topic, EventId eventId, Throwable failure) {
        return new PublishFailedException(topic, eventId, failure);
    }

}
