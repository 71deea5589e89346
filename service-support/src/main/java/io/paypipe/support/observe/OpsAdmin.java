package io.paypipe.support.observe;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;

/**
 * One admin client for what the operator side asks the broker: the broker's health, the
 * catalogue's topics, consumer lag and dead-letter depth. Made at its first use (a down
 * broker does not stop the start), closed with the context. Every call waits at most the
 * timeout it is given and throws when the broker did not answer within it.
 */
public final class OpsAdmin
        implements AutoCloseable, BrokerHealthIndicator.ClusterProbe, CatalogueTopicsHealthIndicator.TopicLister {

    private final Map<String, Object> config;

    private Admin admin;

    /** An admin client with {@code config} (the service's admin properties). */
    public OpsAdmin(Map<String, Object> config) {
        this.config = new HashMap<>(config);
        this.config.putIfAbsent(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5000);
        this.config.putIfAbsent(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 10000);
        this.config.putIfAbsent(AdminClientConfig.CLIENT_ID_CONFIG, "paypipe-ops-admin");
    }

    @Override
    public BrokerHealthIndicator.Cluster describe(Duration timeout) throws Exception {
        var cluster = admin().describeCluster(new DescribeClusterOptions().timeoutMs((int) timeout.toMillis()));
        return new BrokerHealthIndicator.Cluster(await(cluster.clusterId(), timeout),
                await(cluster.nodes(), timeout).size());
    }

    @Override
    public Set<String> topicNames(Duration timeout) throws Exception {
        return await(admin().listTopics(new ListTopicsOptions().timeoutMs((int) timeout.toMillis())).names(), timeout);
    }

    /**
     * The offsets {@code group} committed, by partition (partitions without one left
     * out).
     */
    public Map<TopicPartition, Long> committed(String group, Duration timeout) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> offsets = await(
                admin().listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata(), timeout);
        return offsets.entrySet()
            .stream()
            .filter(e -> e.getValue() != null)
            .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().offset()));
    }

    /** The end (last stable) offset of each of {@code partitions}. */
    public Map<TopicPartition, Long> endOffsets(Collection<TopicPartition> partitions, Duration timeout)
            throws Exception {
        return offsets(partitions, OffsetSpec.latest(), timeout);
    }

    /** The first offset still on the log of each of {@code partitions}. */
    public Map<TopicPartition, Long> startOffsets(Collection<TopicPartition> partitions, Duration timeout)
            throws Exception {
        return offsets(partitions, OffsetSpec.earliest(), timeout);
    }

    /** The partitions of {@code topics}. */
    public Set<TopicPartition> partitions(Collection<String> topics, Duration timeout) throws Exception {
        return await(admin().describeTopics(topics).allTopicNames(), timeout).values()
            .stream()
            .flatMap(d -> d.partitions().stream().map(p -> new TopicPartition(d.name(), p.partition())))
            .collect(Collectors.toSet());
    }

    private Map<TopicPartition, Long> offsets(Collection<TopicPartition> partitions, OffsetSpec spec, Duration timeout)
            throws Exception {
        if (partitions.isEmpty()) {
            return Map.of();
        }
        Map<TopicPartition, OffsetSpec> request = partitions.stream()
            .collect(Collectors.toMap(Function.identity(), p -> spec));
        return await(admin().listOffsets(request, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED)).all(), timeout)
            .entrySet()
            .stream()
            .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().offset()));
    }

    private synchronized Admin admin() {
        if (admin == null) {
            admin = Admin.create(config);
        }
        return admin;
    }

    private static <T> T await(KafkaFuture<T> future, Duration timeout) throws Exception {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (ExecutionException ex) {
            throw ex.getCause() instanceof Exception cause ? cause : ex;
        }
        catch (TimeoutException ex) {
            future.cancel(true);
            throw new TimeoutException("the broker did not answer within " + timeout.toMillis() + " ms");
        }
    }

    @Override
    public synchronized void close() {
        if (admin != null) {
            admin.close(Duration.ofSeconds(2));
            admin = null;
        }
    }

}
