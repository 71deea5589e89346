package io.paypipe.support.topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The floor check in a context as a service has it ({@link TopicsConfiguration} with
 * Spring Boot's Kafka auto-configuration), on the embedded broker of {@link TestInfra}.
 * Each test pre-creates a topic of its own, with a name no other test uses, and declares
 * it beside the catalogue.
 */
class FloorCheckingKafkaAdminIntegrationTest {

    private static Admin admin;

    @BeforeAll
    static void admin() {
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.get().bootstrapServers()));
    }

    @AfterAll
    static void close() {
        admin.close();
    }

    /**
     * A service with 6 partitions, 1 replica, min.insync.replicas 1 that also declares
     * {@code topic}.
     */
    private static ApplicationContextRunner service(NewTopic topic) {
        return new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(KafkaAutoConfiguration.class))
            .withUserConfiguration(TopicsConfiguration.class)
            .withBean(TopicSettings.class, () -> settings(6, 1, 1))
            .withBean("extraTopic", NewTopic.class, () -> topic)
            .withPropertyValues("spring.kafka.bootstrap-servers=" + TestInfra.get().bootstrapServers(),
                    "spring.kafka.admin.fail-fast=true");
    }

    private static TopicSettings settings(int partitions, int replicas, int minIsr) {
        return new TopicSettings() {
            @Override
            public String serviceName() {
                return "processor";
            }

            @Override
            public int topicPartitions() {
                return partitions;
            }

            @Override
            public short topicReplicas() {
                return (short) replicas;
            }

            @Override
            public short topicMinInsyncReplicas() {
                return (short) minIsr;
            }
        };
    }

    private static String createdTopic(int partitions, Map<String, String> configs) throws Exception {
        String name = "floor-" + UUID.randomUUID();
        admin.createTopics(List.of(new NewTopic(name, partitions, (short) 1).configs(configs)))
            .all()
            .get(30, TimeUnit.SECONDS);
        // created by the controller; wait until the broker's metadata has it too, as a
        // service reads it
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> describe(name) != null);
        return name;
    }

    private static TopicDescription describe(String topic) throws Exception {
        return admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS).get(topic);
    }

    private static ConfigEntry minInsyncReplicas(String topic) throws Exception {
        var resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        return admin.describeConfigs(List.of(resource))
            .all()
            .get(30, TimeUnit.SECONDS)
            .get(resource)
            .get("min.insync.replicas");
    }

    @Test
    void givenATopicPreCreatedWithTooFewPartitions_whenTheServiceStarts_thenItRefusesNamingTopicFoundAndWantedAndChangesNothing()
            throws Exception {
        // Given a topic on the cluster with 1 partition
        String topic = createdTopic(1, Map.of());

        // When a service that wants it with 3 starts
        service(new NewTopic(topic, 3, (short) 1)).run(context -> {
            // Then its context fails, naming topic, found and wanted
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).isInstanceOf(TopicsBelowFloorException.class)
                .hasMessageContaining("Refusing to start processor")
                .hasMessageContaining(topic + ": partitions 1, wanted at least 3")
                .hasMessageContaining("processor.topic-partitions");
        });
        // and the topic was left as it was (Spring's KafkaAdmin alone would have added
        // partitions)
        assertThat(describe(topic).partitions()).hasSize(1);
    }

    @Test
    void givenATopicPreCreatedWithTooFewReplicas_whenTheServiceStarts_thenItRefusesNamingTheReplicationFactor()
            throws Exception {
        // Given a topic on the cluster with one replica
        String topic = createdTopic(6, Map.of());

        // When a service that wants two replicas of it starts
        service(new NewTopic(topic, 6, (short) 2)).run(context -> {
            // Then its context fails, naming the replication factor found and wanted
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).isInstanceOf(TopicsBelowFloorException.class)
                .hasMessageContaining(topic + ": replication factor 1, wanted at least 2");
        });
    }

    @Test
    void givenATopicWithALowerMinInsyncReplicas_whenTheServiceStarts_thenItRefusesNamingIt() throws Exception {
        // Given a topic whose own min.insync.replicas is 1
        String topic = createdTopic(6, Map.of("min.insync.replicas", "1"));

        // When a service that declares it with min.insync.replicas 2 starts
        NewTopic declared = new NewTopic(topic, 6, (short) 1).configs(Map.of("min.insync.replicas", "2"));
        service(declared).run(context -> {
            // Then its context fails, naming min.insync.replicas found and wanted
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).isInstanceOf(TopicsBelowFloorException.class)
                .hasMessageContaining(topic + ": min.insync.replicas 1, wanted at least 2");
        });
    }

    @Test
    void givenTopicsAtOrAboveTheFloor_whenTheServiceStarts_thenItStartsAndCreatesWhatIsMissingWithItsSettings()
            throws Exception {
        // Given a topic with more partitions than wanted, and one that does not exist yet
        String existing = createdTopic(8, Map.of());
        String missing = "floor-" + UUID.randomUUID();

        // When a service that wants 6 partitions of each starts
        service(new NewTopic(existing, 6, (short) 1))
            .withBean("missingTopic", NewTopic.class, () -> new NewTopic(missing, 6, (short) 1))
            .run(context -> assertThat(context).hasNotFailed());

        // Then the existing topic is left with its 8 partitions
        assertThat(describe(existing).partitions()).hasSize(8);
        // and the missing one, like the catalogue's, was created with the service's
        // partitions and its own
        // min.insync.replicas
        assertThat(describe(missing).partitions()).hasSize(6);
        assertThat(minInsyncReplicas(missing).source()).isEqualTo(ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG);
        assertThat(minInsyncReplicas(missing).value()).isEqualTo("1");
        assertThat(describe(Topics.PAYMENT_NOTIFY.name()).partitions()).hasSizeGreaterThanOrEqualTo(6);
    }

}
