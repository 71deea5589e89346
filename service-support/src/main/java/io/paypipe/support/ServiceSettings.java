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

    /** Consumer threads per listener and per retry topic. */
    int concurrency();

}
