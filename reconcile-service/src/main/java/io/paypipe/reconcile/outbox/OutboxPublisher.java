package io.paypipe.reconcile.outbox;

import io.paypipe.core.topic.Topic;
import io.paypipe.reconcile.config.ReconcileProperties;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.header.Header;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

// replaced by service-support when merged
/**
 * Publishes one record and waits, within {@code reconcile.outbox.publish-timeout}, for
 * the broker to confirm it.
 */
@Component
class OutboxPublisher {

    /** Confirmed by the broker, or not (with a log-safe reason). */
    sealed interface Publication {

        record Confirmed(int partition, long offset) implements Publication {
        }

        record Failed(String reason) implements Publication {
        }

    }

    private final KafkaTemplate<String, Object> template;

    private final Duration timeout;

    OutboxPublisher(@Qualifier("outboxTemplate") KafkaTemplate<String, Object> template, ReconcileProperties props) {
        this.template = template;
        this.timeout = props.outbox().publishTimeout();
    }

    <V> Publication publish(Topic<V> topic, String key, V value, List<Header> headers) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            var future = template.send(new ProducerRecord<String, Object>(topic.name(), null, key, value, headers));
            long remaining = Math.max(deadline - System.nanoTime(), 1);
            RecordMetadata meta = future.get(remaining, TimeUnit.NANOSECONDS).getRecordMetadata();
            return new Publication.Confirmed(meta.partition(), meta.offset());
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Publication.Failed("interrupted");
        }
        catch (TimeoutException e) {
            return new Publication.Failed("no confirmation within " + timeout);
        }
        catch (ExecutionException e) {
            return new Publication.Failed(causeChain(e.getCause() == null ? e : e.getCause()));
        }
        catch (RuntimeException e) {
            return new Publication.Failed(causeChain(e));
        }
    }

    private static String causeChain(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == e ? e.getClass().getSimpleName()
                : e.getClass().getSimpleName() + " <- " + root.getClass().getSimpleName();
    }

}
