package io.paypipe.support.kafka;

import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static java.util.concurrent.TimeUnit.NANOSECONDS;

import io.paypipe.core.id.EventId;
import io.paypipe.core.topic.Topic;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;

/**
 * Publishes one event and waits for the broker (the {@code eventTemplate}: acks=all,
 * idempotent) at most the publish timeout; each service's event publisher extends it with
 * its own failures, all thrown (a transient one is retried by the listener's retry
 * topics, and the retry publishes the same event id). The
 * {@link io.paypipe.support.alert.AlertPublisher} sends through it. A caller that
 * publishes many events at once (the processor's batch of notifications) sends them all
 * with {@link #sendLater} and then waits for each {@link Pending}: the broker's answers
 * overlap instead of costing one round trip each, and every failure is still the
 * service's own, exactly as {@link #send} reports it.
 */
public abstract class EventSender {

    private final KafkaTemplate<String, Object> template;

    private final Duration timeout;

    protected EventSender(KafkaTemplate<String, Object> template, Duration timeout) {
        this.template = template;
        this.timeout = timeout;
    }

    public final <V> void send(Topic<V> topic, String key, EventId eventId, V event) {
        await(topic, eventId, () -> template.send(topic.name(), key, event).get(timeout.toMillis(), MILLISECONDS));
    }

    /**
     * As {@link #send(Topic, String, EventId, Object)}, with record headers (e.g. the
     * raw-id header of a notification published again from its raw row).
     */
    public final <V> void send(Topic<V> topic, String key, EventId eventId, V event, Iterable<Header> headers) {
        await(topic, eventId,
                () -> template.send(new ProducerRecord<String, Object>(topic.name(), null, key, event, headers))
                    .get(timeout.toMillis(), MILLISECONDS));
    }

    /**
     * Sends without waiting; {@link Pending#await} waits for the broker. A send that
     * fails at once (a record it cannot serialize, metadata it waited for in vain) fails
     * there too, as {@link #send} would have thrown it.
     */
    public final <V> Pending sendLater(Topic<V> topic, String key, EventId eventId, V event) {
        CompletableFuture<SendResult<String, Object>> future;
        try {
            future = template.send(topic.name(), key, event);
        }
        catch (RuntimeException e) {
            future = CompletableFuture.failedFuture(e);
        }
        return new Pending(topic, eventId, future);
    }

    /**
     * One event sent with {@link #sendLater}: the broker's answer, awaited once the
     * caller has sent everything else.
     */
    public final class Pending {

        private final Topic<?> topic;

        private final EventId eventId;

        private final CompletableFuture<SendResult<String, Object>> future;

        private Pending(Topic<?> topic, EventId eventId, CompletableFuture<SendResult<String, Object>> future) {
            this.topic = topic;
            this.eventId = eventId;
            this.future = future;
        }

        public EventId eventId() {
            return eventId;
        }

        /**
         * Waits for the broker until {@code deadlineNanos} ({@link System#nanoTime()}),
         * one deadline for all of the caller's sends ({@link #deadlineFromNow()}); throws
         * what {@link #send} would have thrown.
         */
        public void await(long deadlineNanos) {
            EventSender.this.await(topic, eventId,
                    () -> future.get(Math.max(0, deadlineNanos - System.nanoTime()), NANOSECONDS));
        }

    }

    /** The deadline of sends that start now: the publish timeout from now. */
    public long deadlineFromNow() {
        return System.nanoTime() + timeout.toNanos();
    }

    private void await(Topic<?> topic, EventId eventId, Answer answer) {
        try {
            answer.get();
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

    /** The broker's answer to one send. */
    @FunctionalInterface
    private interface Answer {

        Object get() throws InterruptedException, ExecutionException, TimeoutException;

    }

    /**
     * The broker did not confirm {@code eventId} in time, or the wait was interrupted: a
     * transient failure.
     */
    protected abstract RuntimeException unconfirmed(String topic, EventId eventId, Throwable cause);

    /** The send of {@code eventId} failed: the service decides what the failure is. */
    protected abstract RuntimeException failed(String topic, EventId eventId, Throwable failure);

}
