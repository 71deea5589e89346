package io.paypipe.support.kafka;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.topic.Topic;
import java.util.function.BiFunction;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.retrytopic.DeadLetterPublishingRecovererFactory;

/**
 * The counter {@value #METER}{@code {topic,level}}: records a listener gave up on for
 * now, by the topic they were forwarded to ({@code payment.notify-retry-0}, ...,
 * {@code payment.notify-dlt}) and its level ({@code 0}, {@code 1}, ... for the retry
 * topics, {@code dlt} for the dead-letter topic). Counted where the retry-topic machinery
 * resolves the destination, so every retried topic of every service is covered.
 */
public final class RetryRoutes {

    /** The counter's name. */
    public static final String METER = "paypipe.kafka.retries";

    private RetryRoutes() {
    }

    /**
     * A creator of the retry-topic machinery's recoverers whose destinations are counted
     * in {@code meters} (none when null).
     */
    static DeadLetterPublishingRecovererFactory.DeadLetterPublisherCreator creator(MeterRegistry meters) {
        return (templates, destinations) -> new DeadLetterPublishingRecoverer(templates,
                counting(destinations, meters));
    }

    /**
     * {@code destinations}, counting each destination it resolves in {@code meters} (none
     * without a registry).
     */
    static BiFunction<ConsumerRecord<?, ?>, Exception, TopicPartition> counting(
            BiFunction<ConsumerRecord<?, ?>, Exception, TopicPartition> destinations, MeterRegistry meters) {
        if (meters == null) {
            return destinations;
        }
        return (record, failure) -> {
            TopicPartition destination = destinations.apply(record, failure);
            if (destination != null) {
                Counter.builder(METER)
                    .description("records forwarded to a retry or dead-letter topic, by destination topic and level")
                    .tag("topic", destination.topic())
                    .tag("level", level(destination.topic()))
                    .register(meters)
                    .increment();
            }
            return destination;
        };
    }

    /**
     * The level of {@code topic}: the retry topic's index, {@code dlt}, or {@code other}.
     */
    static String level(String topic) {
        if (topic.endsWith(Topic.DLT_SUFFIX)) {
            return "dlt";
        }
        int retry = topic.lastIndexOf(Topic.RETRY_SUFFIX + "-");
        if (retry >= 0) {
            String index = topic.substring(retry + Topic.RETRY_SUFFIX.length() + 1);
            if (!index.isEmpty() && index.chars().allMatch(Character::isDigit)) {
                return index;
            }
        }
        return "other";
    }

}
