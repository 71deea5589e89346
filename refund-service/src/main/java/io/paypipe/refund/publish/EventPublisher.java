package io.paypipe.refund.publish;

import io.paypipe.core.id.EventId;
import io.paypipe.core.topic.Topic;
import io.paypipe.refund.config.RefundProperties;
import io.paypipe.refund.failure.PublishFailedException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Publishes refund-service's events (acks=all, idempotent) and waits for the broker. A
 * failure is a {@link PublishFailedException} (transient: a listener's record is retried
 * and the retry publishes the same event id).
 */
@Component
public class EventPublisher {

    private final KafkaTemplate<String, Object> template;

    private final RefundProperties props;

    EventPublisher(KafkaTemplate<String, Object> eventTemplate, RefundProperties props) {
        this.template = eventTemplate;
        this.props = props;
    }

    public <V> void send(Topic<V> topic, String key, EventId eventId, V event) {
        try {
            template.send(topic.name(), key, event).get(props.publishTimeout().toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PublishFailedException(topic.name(), eventId, e);
        }
        catch (ExecutionException e) {
            throw new PublishFailedException(topic.name(), eventId, e.getCause() == null ? e : e.getCause());
        }
        catch (TimeoutException | RuntimeException e) {
            throw new PublishFailedException(topic.name(), eventId, e);
        }
    }

}
