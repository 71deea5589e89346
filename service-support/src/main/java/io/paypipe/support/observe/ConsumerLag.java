package io.paypipe.support.observe;

import io.paypipe.support.observe.CachedGauges.Reading;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.kafka.common.TopicPartition;

/**
 * The gauge {@value #METER}{@code {group,topic}}: how many records each of the service's
 * consumer groups has not committed yet, per topic (the sum over its partitions of the
 * end offset minus the group's committed offset), read from the broker with the admin
 * client.
 * <p>
 * Why from the broker and not the consumers' own {@code records-lag-max}: the client
 * metric exists only while a consumer polls, so it vanishes exactly when a consumer is
 * stuck, paused, dead or rebalancing, and it is per client instance; the committed
 * offsets are the group's, survive a crash and keep growing while nothing consumes, which
 * is what an alert needs.
 */
public final class ConsumerLag implements Supplier<List<Reading>> {

    /** The gauge's name. */
    public static final String METER = "paypipe.kafka.consumer.lag";

    private final OpsAdmin admin;

    private final Supplier<Collection<String>> groups;

    private final Duration timeout;

    /**
     * The lag of every group {@code groups} names, each call waiting up to
     * {@code timeout}.
     */
    public ConsumerLag(OpsAdmin admin, Supplier<Collection<String>> groups, Duration timeout) {
        this.admin = admin;
        this.groups = groups;
        this.timeout = timeout;
    }

    @Override
    public List<Reading> get() {
        List<Reading> readings = new ArrayList<>();
        for (String group : groups.get().stream().distinct().sorted().toList()) {
            Map<String, Long> lag = lag(group);
            lag.forEach((topic, records) -> readings.add(Reading.of(records, "group", group, "topic", topic)));
        }
        return readings;
    }

    private Map<String, Long> lag(String group) {
        try {
            Map<TopicPartition, Long> committed = admin.committed(group, timeout);
            Map<TopicPartition, Long> end = admin.endOffsets(committed.keySet(), timeout);
            Map<String, Long> lag = new TreeMap<>();
            committed.forEach((tp, offset) -> lag.merge(tp.topic(), Math.max(0, end.getOrDefault(tp, offset) - offset),
                    Long::sum));
            return lag;
        }
        catch (RuntimeException ex) {
            throw ex;
        }
        catch (Exception ex) {
            throw new IllegalStateException("lag of group " + group + ": " + BrokerHealthIndicator.describe(ex), ex);
        }
    }

}
