package io.paypipe.ingress.intake;

import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.core.topic.Topic;
import io.paypipe.ingress.config.IngressProperties;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Publishes a verified notification to its topic and waits, within a bound, for the
 * broker to confirm. Every record carries its raw row's id in the header
 * {@link NotifyHeaders#RAW_ID}, so that even a record whose value cannot be read names
 * the row its dead letter settles. Also used by the operators' re-derive
 * ({@code io.paypipe.ingress.rederive}).
 */
@Component
public class NotifyPublisher {

    /** Confirmed by the broker, or not (with a log-safe reason). */
    public sealed interface Publication {

        record Confirmed(int partition, long offset) implements Publication {
        }

        record Failed(String reason) implements Publication {
        }

    }

    private final KafkaTemplate<String, Object> template;

    private final Duration timeout;

    NotifyPublisher(KafkaTemplate<String, Object> template, IngressProperties properties) {
        this.template = template;
        this.timeout = properties.publishTimeout();
    }

    /** {@code event} under {@code key}, with the header naming raw row {@code rawId}. */
    public <V> Publication publish(Topic<V> topic, String key, V event, long rawId) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<Header> headers = List.of(new RecordHeader(NotifyHeaders.RAW_ID, NotifyHeaders.rawIdValue(rawId)));
        try {
            // send() itself may block up to max.block.ms (= the same timeout) when
            // metadata is missing
            var future = template.send(new ProducerRecord<String, Object>(topic.name(), null, key, event, headers));
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
            Throwable cause = e.getCause() == null ? e : e.getCause();
            return new Publication.Failed(causeChain(cause));
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
