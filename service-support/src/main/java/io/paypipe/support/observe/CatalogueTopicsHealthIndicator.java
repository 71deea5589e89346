package io.paypipe.support.observe;

import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * {@code catalogueTopics}, part of readiness: DOWN, naming the missing topics, until
 * every topic of core's catalogue ({@link Topics#all()}) exists on the cluster; then UP
 * for the rest of the service's life (it latches: a broker outage later is the
 * {@code broker} indicator's to report and must not take every instance out of the load
 * balancer).
 */
public final class CatalogueTopicsHealthIndicator implements HealthIndicator {

    /** The topic names on the cluster. */
    @FunctionalInterface
    public interface TopicLister {

        Set<String> topicNames(Duration timeout) throws Exception;

    }

    private final TopicLister lister;

    private final Duration timeout;

    private final List<String> expected;

    private volatile Instant allSeenAt;

    public CatalogueTopicsHealthIndicator(TopicLister lister, Duration timeout) {
        this(lister, timeout, Topics.all().stream().map(Topic::name).toList());
    }

    /** As the catalogue's indicator, expecting {@code expected} instead. */
    public CatalogueTopicsHealthIndicator(TopicLister lister, Duration timeout, List<String> expected) {
        this.lister = lister;
        this.timeout = timeout;
        this.expected = List.copyOf(expected);
    }

    @Override
    public Health health() {
        if (allSeenAt != null) {
            return up();
        }
        Set<String> names;
        try {
            names = lister.topicNames(timeout);
        }
        catch (Exception ex) {
            return Health.down()
                .withDetail("problem", "cannot list the topics: " + BrokerHealthIndicator.describe(ex))
                .build();
        }
        List<String> missing = expected.stream().filter(t -> !names.contains(t)).toList();
        if (!missing.isEmpty()) {
            return Health.down()
                .withDetail("problem", missing.size() + " of the catalogue's " + expected.size() + " topics missing")
                .withDetail("missing", missing)
                .build();
        }
        allSeenAt = Instant.now();
        return up();
    }

    private Health up() {
        return Health.up().withDetail("topics", expected.size()).withDetail("allSeenAt", allSeenAt.toString()).build();
    }

}
