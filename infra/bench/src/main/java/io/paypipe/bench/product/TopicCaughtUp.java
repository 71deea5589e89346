package io.paypipe.bench.product;

import java.time.Duration;
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
 * Waits until every consumer group that reads a topic has committed its end: a stage is
 * measured alone only once the product's other consumers (the processor's and
 * reconcile-service's {@code order.created} groups, which store the cycle's orders just
 * before) are idle, so their catching up is not counted as the stage's CPU.
 */
public final class TopicCaughtUp {

    private final String bootstrapServers;

    public TopicCaughtUp(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
    }

    /**
     * @return the groups that read {@code topic}, each caught up
     * @throws IllegalStateException when a group is still behind after {@code timeout}
     */
    public List<String> await(String topic, Duration timeout) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Admin admin = Admin.create(p)) {
            while (true) {
                Map<String, Long> lag = lag(admin, topic);
                // no group at all is not "caught up": nothing was read
                if (!lag.isEmpty() && lag.values().stream().allMatch(l -> l == 0)) {
                    return List.copyOf(lag.keySet());
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(
                            "consumers of " + topic + " still behind after " + timeout + ": " + lag);
                }
                Thread.sleep(200);
            }
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
