package io.paypipe.ingress.intake;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.topic.Topics;
import io.paypipe.ingress.config.IngressProperties;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/** Publishes to {@code payment.notify} and waits, within a bound, for the broker to confirm. */
@Component
class PaymentNotifyPublisher {

    /** Confirmed by the broker, or not (with a log-safe reason). */
    sealed interface Publication {
        record Confirmed(int partition, long offset) implements Publication {
        }

        record Failed(String reason) implements Publication {
        }
    }

    private final KafkaTemplate<String, PaymentNotified> template;
    private final Duration timeout;

    PaymentNotifyPublisher(KafkaTemplate<String, PaymentNotified> template, IngressProperties properties) {
        this.template = template;
        this.timeout = properties.publishTimeout();
    }

    Publication publish(PaymentNotified event) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            // send() itself may block up to max.block.ms (= the same timeout) when metadata is missing
            var future = template.send(Topics.PAYMENT_NOTIFY.name(), event.orderKey().kafkaKey(), event);
            long remaining = Math.max(deadline - System.nanoTime(), 1);
            RecordMetadata meta = future.get(remaining, TimeUnit.NANOSECONDS).getRecordMetadata();
            return new Publication.Confirmed(meta.partition(), meta.offset());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Publication.Failed("interrupted");
        } catch (TimeoutException e) {
            return new Publication.Failed("no confirmation within " + timeout);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            return new Publication.Failed(causeChain(cause));
        } catch (RuntimeException e) {
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
