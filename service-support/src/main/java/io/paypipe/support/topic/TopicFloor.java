package io.paypipe.support.topic;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;

/**
 * Compares the topics a service declares with the topics as they exist: a topic that
 * exists with fewer partitions or replicas than declared, or with a lower
 * {@code min.insync.replicas}, falls short. A topic that does not exist yet falls short
 * of nothing (it is created as declared); more than declared is fine.
 */
final class TopicFloor {

    /**
     * A topic as it exists: its partitions, the fewest replicas any of its partitions
     * has, and its effective {@code min.insync.replicas} (its own, else the broker's).
     */
    record Existing(String topic, int partitions, int replicas, int minInsyncReplicas) {
    }

    /** One number of one topic below what the service wants. */
    record Shortfall(String topic, String what, int found, int wanted) {

        String describe() {
            return topic + ": " + what + " " + found + ", wanted at least " + wanted;
        }

    }

    private TopicFloor() {
    }

    /** Every shortfall of the declared topics that exist, in declaration order. */
    static List<Shortfall> shortfalls(Collection<NewTopic> declared, Map<String, Existing> existing) {
        List<Shortfall> shortfalls = new ArrayList<>();
        for (NewTopic wanted : declared) {
            Existing found = existing.get(wanted.name());
            if (found == null) {
                continue;
            }
            if (wanted.numPartitions() > found.partitions()) {
                shortfalls.add(new Shortfall(wanted.name(), "partitions", found.partitions(), wanted.numPartitions()));
            }
            if (wanted.replicationFactor() > found.replicas()) {
                shortfalls.add(new Shortfall(wanted.name(), "replication factor", found.replicas(),
                        wanted.replicationFactor()));
            }
            String minIsr = (wanted.configs() != null) ? wanted.configs().get(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG)
                    : null;
            if (minIsr != null && Integer.parseInt(minIsr) > found.minInsyncReplicas()) {
                shortfalls.add(new Shortfall(wanted.name(), TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                        found.minInsyncReplicas(), Integer.parseInt(minIsr)));
            }
        }
        return shortfalls;
    }

}
