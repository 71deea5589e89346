package io.paypipe.support.topic;

import io.paypipe.support.topic.TopicFloor.Existing;
import io.paypipe.support.topic.TopicFloor.Shortfall;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * Spring's {@link KafkaAdmin} (creates every declared {@link NewTopic} that is missing,
 * when the context has started), with two things first: every declared topic without a
 * {@code min.insync.replicas} of its own gets the service's
 * ({@link TopicSettings#topicMinInsyncReplicas()}; the retry topics spring-kafka declares
 * included), and the declared topics that already exist are read and compared with what
 * is declared ({@link TopicFloor}). One below its floor stops the start with a
 * {@link TopicsBelowFloorException} naming topic, found and wanted, before anything is
 * changed: {@code KafkaAdmin} alone would add partitions to such a topic (moving keys to
 * other partitions while records are in flight) and leave a replication factor as it is.
 * <p>
 * A cluster that cannot be read stops the start when {@code spring.kafka.admin.fail-fast}
 * is true (production); otherwise it is logged at ERROR and {@code KafkaAdmin} goes on as
 * it would (the local launcher's embedded broker is always up first).
 */
public class FloorCheckingKafkaAdmin extends KafkaAdmin {

    private static final Logger log = LoggerFactory.getLogger(FloorCheckingKafkaAdmin.class);

    private final TopicSettings settings;

    private boolean failFast;

    public FloorCheckingKafkaAdmin(Map<String, Object> config, TopicSettings settings) {
        super(config);
        this.settings = settings;
    }

    @Override
    public void setFatalIfBrokerNotAvailable(boolean fatalIfBrokerNotAvailable) {
        super.setFatalIfBrokerNotAvailable(fatalIfBrokerNotAvailable);
        this.failFast = fatalIfBrokerNotAvailable;
    }

    /** The declared topics, each with its floor, once the existing ones were checked. */
    @Override
    protected Collection<NewTopic> newTopics() {
        Collection<NewTopic> topics = super.newTopics();
        checked(topics);
        return topics;
    }

    @Override
    public void createOrModifyTopics(NewTopic... topics) {
        checked(Arrays.asList(topics));
        super.createOrModifyTopics(topics);
    }

    private void checked(Collection<NewTopic> topics) {
        if (topics.isEmpty()) {
            return;
        }
        topics.forEach(this::withMinInsyncReplicas);
        Map<String, Existing> existing;
        try (Admin admin = createAdmin()) {
            existing = existing(admin, topics);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the topics of " + settings.serviceName(), ex);
        }
        catch (ExecutionException | TimeoutException | RuntimeException ex) {
            Throwable cause = (ex instanceof ExecutionException) ? ex.getCause() : ex;
            if (failFast) {
                throw new IllegalStateException("Refusing to start " + settings.serviceName()
                        + ": could not read its topics to check them (spring.kafka.admin.fail-fast=true): " + cause,
                        cause);
            }
            log.error("{}: could not read its topics to check partitions and replicas: {}", settings.serviceName(),
                    cause.toString());
            return;
        }
        List<Shortfall> shortfalls = TopicFloor.shortfalls(topics, existing);
        if (!shortfalls.isEmpty()) {
            TopicsBelowFloorException refusal = new TopicsBelowFloorException(settings.serviceName(), shortfalls);
            log.error(refusal.getMessage());
            throw refusal;
        }
        log.info(
                "{}: {} topics declared, {} exist, none below {} partitions, replication factor {}, "
                        + "min.insync.replicas {}",
                settings.serviceName(), topics.size(), existing.size(), settings.topicPartitions(),
                settings.topicReplicas(), settings.topicMinInsyncReplicas());
    }

    private void withMinInsyncReplicas(NewTopic topic) {
        Map<String, String> configs = new HashMap<>((topic.configs() != null) ? topic.configs() : Map.of());
        if (configs.putIfAbsent(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                Short.toString(settings.topicMinInsyncReplicas())) == null) {
            topic.configs(configs);
        }
    }

    /**
     * The declared topics that exist, with their partitions, fewest replicas and
     * effective min.insync.replicas.
     */
    private Map<String, Existing> existing(Admin admin, Collection<NewTopic> topics)
            throws InterruptedException, ExecutionException, TimeoutException {
        long timeout = getOperationTimeout();
        Map<String, TopicDescription> described = new LinkedHashMap<>();
        var futures = admin.describeTopics(topics.stream().map(NewTopic::name).distinct().toList()).topicNameValues();
        for (Map.Entry<String, KafkaFuture<TopicDescription>> entry : futures.entrySet()) {
            try {
                described.put(entry.getKey(), entry.getValue().get(timeout, TimeUnit.SECONDS));
            }
            catch (ExecutionException ex) {
                if (!(ex.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw ex;
                }
            }
        }
        Map<String, Existing> existing = new LinkedHashMap<>();
        if (described.isEmpty()) {
            return existing;
        }
        Map<ConfigResource, Config> configs = admin.describeConfigs(
                described.keySet().stream().map(name -> new ConfigResource(ConfigResource.Type.TOPIC, name)).toList())
            .all()
            .get(timeout, TimeUnit.SECONDS);
        described.forEach((name, description) -> {
            ConfigEntry minIsr = configs.get(new ConfigResource(ConfigResource.Type.TOPIC, name))
                .get(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG);
            if (minIsr == null || minIsr.value() == null) {
                throw new IllegalStateException("the cluster did not say the min.insync.replicas of " + name);
            }
            int replicas = description.partitions().stream().mapToInt(p -> p.replicas().size()).min().orElse(0);
            existing.put(name,
                    new Existing(name, description.partitions().size(), replicas, Integer.parseInt(minIsr.value())));
        });
        return existing;
    }

}
