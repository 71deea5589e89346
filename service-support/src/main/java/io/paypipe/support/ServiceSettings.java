package io.paypipe.support;

import io.paypipe.support.topic.TopicSettings;
import java.time.Duration;
import java.util.List;

/**
 * What the shared plumbing needs to know of the service it runs in. Each service's own
 * {@code @ConfigurationProperties} record implements it (the accessors of the same names
 * are its properties, e.g. {@code processor.publish-timeout},
 * {@code refund.publish-timeout}), so the keys stay the service's own and there is one
 * properties record per service. The topic settings ({@link TopicSettings}) are the
 * service's too.
 */
public interface ServiceSettings extends TopicSettings {

    /**
     * The service's short name ({@code processor}, {@code refund}): the prefix of its
     * keys and of the retry-topic scheduler's threads.
     */
    @Override
    String serviceName();

    /**
     * How long to wait for the broker to confirm an event; the producers' max.block.ms is
     * 3/5 of it.
     */
    Duration publishTimeout();

    /**
     * How often a dead-letter handler tries again to store its alert (the database may be
     * down); after the last one the alert goes to {@code ops.alert} and an ERROR line
     * only.
     */
    List<Duration> deadLetterRetryDelays();

    /** Consumer threads per listener. */
    int concurrency();

    /**
     * Consumer threads per retry topic and per dead-letter topic
     * ({@code <prefix>.retry-concurrency}, 1 by default): they carry only the failures,
     * and every one of them polls the broker whether it has work or not (a service with
     * eight retry levels and three threads each kept 24 idle consumers fetching, a fixed
     * share of the machine's CPU).
     */
    int retryConcurrency();

    /**
     * Fails on a listener or retry concurrency below one, naming {@code prefix}'s keys.
     */
    /**
     * How often the service's cached gauges (consumer lag and the database-derived ones)
     * are read again ({@code <service>.metrics-refresh-interval}, default 30 s).
     */
    Duration metricsRefreshInterval();

    static void requireConcurrency(String prefix, int concurrency, int retryConcurrency) {
        if (concurrency < 1 || retryConcurrency < 1) {
            throw new IllegalArgumentException(
                    prefix + ".concurrency and " + prefix + ".retry-concurrency must be at least 1");
        }
    }

}
