package io.paypipe.processor.observe;

import io.paypipe.core.topic.Topic;
import io.paypipe.support.observe.CachedGauges.Reading;
import io.paypipe.support.observe.OpsAdmin;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.kafka.common.TopicPartition;

/**
 * The gauge {@value #METER}{@code {topic}}: dead letters not replayed yet, per
 * dead-letter topic on the cluster (every {@code *-dlt}): the records still on the topic
 * (end minus start offset over its partitions) less those an operator replayed
 * ({@code dlt_replay_record} rows PUBLISHED). Approximate once the topic's retention has
 * deleted records that were replayed (never below zero).
 */
final class DeadLetterDepth implements Supplier<List<Reading>> {

    /** The gauge's name. */
    static final String METER = "paypipe.dead_letters.pending";

    private final OpsAdmin admin;

    private final OpsGaugeQueries queries;

    private final Duration timeout;

    DeadLetterDepth(OpsAdmin admin, OpsGaugeQueries queries, Duration timeout) {
        this.admin = admin;
        this.queries = queries;
        this.timeout = timeout;
    }

    @Override
    public List<Reading> get() {
        try {
            List<String> dlts = admin.topicNames(timeout)
                .stream()
                .filter(t -> t.endsWith(Topic.DLT_SUFFIX))
                .sorted()
                .toList();
            if (dlts.isEmpty()) {
                return List.of();
            }
            Set<TopicPartition> partitions = admin.partitions(dlts, timeout);
            Map<TopicPartition, Long> end = admin.endOffsets(partitions, timeout);
            Map<TopicPartition, Long> start = admin.startOffsets(partitions, timeout);
            Map<String, Long> records = new TreeMap<>();
            dlts.forEach(t -> records.put(t, 0L));
            partitions.forEach(p -> records.merge(p.topic(),
                    Math.max(0, end.getOrDefault(p, 0L) - start.getOrDefault(p, 0L)), Long::sum));
            Map<String, Long> replayed = queries.replayedByTopic();
            return records.entrySet()
                .stream()
                .map(e -> Reading.of(Math.max(0, e.getValue() - replayed.getOrDefault(e.getKey(), 0L)), "topic",
                        e.getKey()))
                .toList();
        }
        catch (RuntimeException ex) {
            throw ex;
        }
        catch (Exception ex) {
            throw new IllegalStateException("dead-letter depth: " + ex, ex);
        }
    }

}
