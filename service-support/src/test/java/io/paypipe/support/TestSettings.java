package io.paypipe.support;

import java.time.Duration;
import java.util.List;

/** Settings of a service under test. */
public record TestSettings(String serviceName, Duration publishTimeout, List<Duration> deadLetterRetryDelays,
        int concurrency, int topicPartitions, short topicReplicas, short topicMinInsyncReplicas,
        int retryConcurrency) implements ServiceSettings {

    public TestSettings(String serviceName, Duration publishTimeout, List<Duration> deadLetterRetryDelays,
            int concurrency, int topicPartitions, short topicReplicas) {
        this(serviceName, publishTimeout, deadLetterRetryDelays, concurrency, topicPartitions, topicReplicas, (short) 1,
                1);
    }

    /** A service {@code name} with one partition and replica, 5 s publish timeout. */
    public static TestSettings of(String name, Duration... deadLetterRetryDelays) {
        return new TestSettings(name, Duration.ofSeconds(5), List.of(deadLetterRetryDelays), 2, 1, (short) 1);
    }

    @Override
    public Duration metricsRefreshInterval() {
        return Duration.ofSeconds(1);
    }

}
