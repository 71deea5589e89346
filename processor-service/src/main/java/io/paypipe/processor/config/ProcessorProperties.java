package io.paypipe.processor.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Everything the processor can be told.
 *
 * @param publishTimeout       how long to wait for the broker to confirm a downstream event
 * @param retryInterval        pause between two attempts at a record that failed transiently
 * @param retryMaxAttempts     attempts at one record before it is given up (raw row handled=2, alert)
 * @param concurrency          consumer threads per listener in this instance; each owns some partitions, so a
 *                             record waiting for a retry holds up only its own partitions
 * @param topicPartitions      partitions of the topics the processor declares
 * @param topicReplicas        replicas of those topics (1 for the embedded broker, 3 in production)
 * @param haltAfterCommit      fault injection for tests only: halt the JVM right after the database commit,
 *                             before the downstream publish and the offset commit
 */
@ConfigurationProperties("processor")
public record ProcessorProperties(
        @DefaultValue("5s") Duration publishTimeout,
        @DefaultValue("1s") Duration retryInterval,
        @DefaultValue("10") int retryMaxAttempts,
        @DefaultValue("3") int concurrency,
        @DefaultValue("6") int topicPartitions,
        @DefaultValue("1") short topicReplicas,
        @DefaultValue("false") boolean haltAfterCommit) {
}
