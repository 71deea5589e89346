package io.paypipe.processor.config;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Everything the processor can be told.
 *
 * @param publishTimeout       how long to wait for the broker to confirm a downstream event
 * @param retryDelays          the retry ladder of {@code payment.notify}: the delay before each retry topic
 *                             ({@code payment.notify-retry-0}, ...); a record that failed transiently on every
 *                             level goes to {@code payment.notify-dlt}; attempts = delays + 1
 * @param concurrency          consumer threads per listener (and per retry topic) in this instance
 * @param topicPartitions      partitions of the topics the processor declares
 * @param topicReplicas        replicas of those topics (1 for the embedded broker, 3 in production)
 * @param haltAfterCommit      fault injection for tests only: halt the JVM right after the database commit,
 *                             before the downstream publish and the offset commit
 */
@ConfigurationProperties("processor")
public record ProcessorProperties(
        @DefaultValue("5s") Duration publishTimeout,
        @DefaultValue({"10s", "30s", "1m", "5m", "15m", "30m", "1h", "2h"}) List<Duration> retryDelays,
        @DefaultValue("3") int concurrency,
        @DefaultValue("6") int topicPartitions,
        @DefaultValue("1") short topicReplicas,
        @DefaultValue("false") boolean haltAfterCommit) {
}
