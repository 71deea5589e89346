package io.paypipe.bench.product;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.embedded.TestInfra;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class ConsumerLagIntegrationTest {

    private final String bootstrap = TestInfra.get().bootstrapServers();

    @Test
    void countsTheRecordsAGroupHasNotCommittedYet() throws Exception {
        // Given a topic of two partitions with 5 records, and a group that committed 1 on
        // each
        String topic = "lag-" + UUID.randomUUID();
        createTopic(topic, 2);
        try (KafkaProducer<String, String> producer = producer()) {
            for (int i = 0; i < 5; i++) {
                producer.send(new ProducerRecord<>(topic, i % 2, "k" + i, "v" + i)).get();
            }
        }
        String group = "lag-group-" + UUID.randomUUID();
        try (KafkaConsumer<String, String> consumer = consumer(group)) {
            consumer.commitSync(Map.of(new TopicPartition(topic, 0), new OffsetAndMetadata(1),
                    new TopicPartition(topic, 1), new OffsetAndMetadata(1)), Duration.ofSeconds(10));
        }

        // When the lag is read
        Map<String, Long> lag = new ConsumerLag(bootstrap).of(topic);

        // Then the group is 3 records behind (3 + 2 written, 1 + 1 committed); no other
        // group is named
        assertThat(lag).containsExactly(Map.entry(group, 3L));
    }

    @Test
    void refusesToCallATopicNoGroupHasReadCaughtUp() throws Exception {
        String topic = "lag-unread-" + UUID.randomUUID();
        createTopic(topic, 1);

        assertThatThrownBy(() -> new ConsumerLag(bootstrap).of(topic)).isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("no consumer group");
    }

    private void createTopic(String topic, int partitions) throws Exception {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (Admin admin = Admin.create(p)) {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
        }
    }

    private KafkaProducer<String, String> producer() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    private KafkaConsumer<String, String> consumer(String group) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        return new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer());
    }

}
