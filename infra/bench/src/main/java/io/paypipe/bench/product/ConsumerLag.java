package io.paypipe.bench.product;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupListing;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * How far behind each consumer group that reads a topic is: awaited and reported when a
 * stage starts, so a reader sees what else the product was still doing while the stage
 * was measured (reconcile-service's {@code order.created} group, for one, stores each
 * order's query chain; one record at a time it was far slower than the orders are
 * created).
 */
public final class ConsumerLag {

    private final String bootstrapServers;

    public ConsumerLag(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
    }

    /**
     * Records behind the end of {@code topic}, per group that has committed an offset of
     * it.
     * @throws IllegalStateException when no group has (nothing read is not "no lag")
     */
    public Map<String, Long> of(String topic) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        try (Admin admin = Admin.create(p)) {
            Map<String, Long> lag = lag(admin, topic);
            if (lag.isEmpty()) {
                throw new IllegalStateException("no consumer group has committed an offset of " + topic);
            }
            return new java.util.TreeMap<>(lag);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        catch (ExecutionException e) {
            throw new IllegalStateException("could not read the consumer groups of " + topic, e);
        }
    }

    /** Records behind, per group that has committed an offset of {@code topic}. */
    private static Map<String, Long> lag(Admin admin, String topic) throws ExecutionException, InterruptedException {
        Map<String, Long> lag = new HashMap<>();
        Map<TopicPartition, Long> ends = null;
        for (ConsumerGroupListing g : admin.listConsumerGroups().all().get()) {
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(g.groupId())
                .partitionsToOffsetAndMetadata()
                .get();
            Map<TopicPartition, OffsetAndMetadata> ofTopic = new HashMap<>();
            committed.forEach((tp, om) -> {
                if (tp.topic().equals(topic) && om != null) {
                    ofTopic.put(tp, om);
                }
            });
            if (ofTopic.isEmpty()) {
                continue;
            }
            if (ends == null) {
                ends = ends(admin, topic);
            }
            long behind = 0;
            for (Map.Entry<TopicPartition, Long> end : ends.entrySet()) {
                OffsetAndMetadata c = ofTopic.get(end.getKey());
                behind += end.getValue() - ((c == null) ? 0 : c.offset());
            }
            lag.put(g.groupId(), behind);
        }
        return lag;
    }

    private static Map<TopicPartition, Long> ends(Admin admin, String topic)
            throws ExecutionException, InterruptedException {
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        admin.describeTopics(List.of(topic))
            .allTopicNames()
            .get()
            .get(topic)
            .partitions()
            .forEach(p -> latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
        Map<TopicPartition, Long> ends = new HashMap<>();
        for (Map.Entry<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> e : admin.listOffsets(latest)
            .all()
            .get()
            .entrySet()) {
            ends.put(e.getKey(), e.getValue().offset());
        }
        return ends;
    }

}
