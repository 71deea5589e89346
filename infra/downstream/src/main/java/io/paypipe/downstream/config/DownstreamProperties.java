package io.paypipe.downstream.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * What the reference consumers can be told. The batch size is Boot's
 * {@code spring.kafka.consumer.max-poll-records} (one poll is one batch and one
 * transaction).
 *
 * @param concurrency consumer threads per listener in this instance ({@code warehouse},
 * {@code points}, {@code points-refunds} each get this many); more than the topic's
 * partitions leaves the extra ones idle
 * @param retryInterval how long a failed batch (the database down) waits before it is
 * delivered again, for ever: the unique keys make a retry harmless
 * @param pauseAlertAfter how long the consumers may stay paused
 * ({@code POST /ops/consumers/pause}) before an ERROR line says so
 */
@ConfigurationProperties("downstream")
record DownstreamProperties(@DefaultValue("2") int concurrency, @DefaultValue("500ms") Duration retryInterval,
        @DefaultValue("5m") Duration pauseAlertAfter) {

    DownstreamProperties {
        if (concurrency < 1) {
            throw new IllegalArgumentException("downstream.concurrency must be at least 1, was " + concurrency);
        }
        if (retryInterval.isNegative()) {
            throw new IllegalArgumentException("downstream.retry-interval must not be negative");
        }
    }

}
