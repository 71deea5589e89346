package io.paypipe.reconcile.publish;

import io.paypipe.core.id.EventId;
import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.support.kafka.EventSender;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Publishes reconcile-service's events (acks=all, idempotent) and waits for the broker
 * ({@link EventSender}): notifications published again or found by a query
 * ({@code payment.notify}), the query schedule ({@code payment.query*}), orders closed
 * after their expiry ({@code order.closed}) and alerts. A failure is a
 * {@link PublishFailedException} (transient).
 */
@Component
public class EventPublisher extends EventSender {

    EventPublisher(KafkaTemplate<String, Object> eventTemplate, ReconcileProperties props) {
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
