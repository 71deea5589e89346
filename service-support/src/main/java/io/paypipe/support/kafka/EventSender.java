package io.paypipe.support.kafka;

import io.paypipe.core.id.EventId;
import io.paypipe.core.topic.Topic;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;

/**
 * Publishes one event and waits for the broker (the {@code eventTemplate}: acks=all,
 * idempotent) at most the publish timeout; each service's event publisher extends it with
 * its own failures, all thrown (a transient one is retried by the listener's retry
 * topics, and the retry publishes the same event id). The
 * {@link io.paypipe.support.alert.AlertPublisher} sends through it.
 */
public abstract class EventSender {

    private final KafkaTemplate<String, Object> template;

    private final Duration timeout;

    protected EventSender(KafkaTemplate<String, Object> template, Duration timeout) {
        this.template = template;
        this.timeout = timeout;
    }

    public final <V> void send(Topic<V> topic, String key, EventId eventId, V event) {
        await(topic, eventId, () -> template.send(topic.name(), key, event));
    }

    /**
     * As {@link #send(Topic, String, EventId, Object)}, with record headers (e.g. the
     * raw-id header of a notification published again from its raw row).
     */
    public final <V> void send(Topic<V> topic, String key, EventId eventId, V event, Iterable<Header> headers) {
        await(topic, eventId,
                () -> template.send(new ProducerRecord<String, Object>(topic.name(), null, key, event, headers)));
    }

    private void await(Topic<?> topic, EventId eventId, Supplier<CompletableFuture<SendResult<String, Object>>> send) {
        try {
            send.get().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unconfirmed(topic.name(), eventId, e);
        }
        catch (TimeoutException e) {
            throw unconfirmed(topic.name(), eventId, e);
        }
        catch (ExecutionException e) {
            throw failed(topic.name(), eventId, e.getCause() == null ? e : e.getCause());
        }
        catch (RuntimeException e) {
            // send() itself throws for a record it cannot serialize or while it waits for
            // metadata
            throw failed(topic.name(), eventId, e);
        }
    }

    /**
     * The broker did not confirm {@code eventId} in time, or the wait was interrupted: a
     * transient failure.
     */
    protected abstract RuntimeException unconfirmed(String topic, EventId eventId, Throwable cause);

    /** The send of {@code eventId} failed: the service decides what the failure is. */
    protected abstract RuntimeException failed(String topic, EventId eventId, Throwable failure);

}
