package io.paypipe.support.topic;

/**
 * How a service wants the topics it declares: the catalogue's, their retry and
 * dead-letter topics, its own delayed topics. Each service's own
 * {@code @ConfigurationProperties} record implements it, so the keys are the service's
 * ({@code processor.topic-partitions}, {@code ingress.topic-replicas}, ...). The same
 * numbers are the floor the service checks an existing topic against
 * ({@link FloorCheckingKafkaAdmin}): a topic that exists with fewer partitions or
 * replicas, or a lower {@code min.insync.replicas}, stops the start.
 */
public interface TopicSettings {

    /** The service's short name, the prefix of its keys ({@code processor}). */
    String serviceName();

    /** Partitions of the topics the service declares (and the fewest it accepts). */
    int topicPartitions();

    /**
     * Replicas of those topics (1 for the embedded broker, 3 in production; and the
     * fewest it accepts).
     */
    short topicReplicas();

    /**
     * {@code min.insync.replicas} of those topics (1 for the embedded broker, 2 in
     * production): with acks=all, a record is confirmed once this many replicas have it.
     */
    short topicMinInsyncReplicas();

    /**
     * Throws when the numbers cannot make a topic: each at least 1, and no more in-sync
     * replicas required than there are replicas (every write would fail).
     */
    static void requireValid(String prefix, int partitions, short replicas, short minInsyncReplicas) {
        if (partitions < 1 || replicas < 1 || minInsyncReplicas < 1) {
            throw new IllegalArgumentException(
                    prefix + ".topic-partitions, topic-replicas and topic-min-insync-replicas must be at least 1");
        }
        if (minInsyncReplicas > replicas) {
            throw new IllegalArgumentException(prefix + ".topic-min-insync-replicas (" + minInsyncReplicas
                    + ") must not exceed " + prefix + ".topic-replicas (" + replicas + ")");
        }
    }

}
