package io.paypipe.downstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.support.testing.TopicWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A topic the reference consumers read, on the test broker: created, published to with
 * {@code acks=all}, and how far the consumer groups got on it, read with the admin
 * client: "consumed" means a group's committed offsets reached the end offsets, so a
 * record that was never read cannot make a test pass. Also starts the downstream
 * application on the test broker and database.
 */
final class DownstreamTopic<V> implements AutoCloseable {

    private static final Comparator<TopicPartition> BY_PARTITION = Comparator.comparingInt(TopicPartition::partition);

    private final String topic;

    private final Admin admin;

    private final KafkaProducer<String, V> producer;

    private final KafkaProducer<String, byte[]> rawProducer;

    DownstreamTopic(Topic<V> topic) {
        TestInfra infra = TestInfra.get();
        infra.broker().createTopics(List.of(topic.name()), Topics.DEFAULT_PARTITIONS);
        this.topic = topic.name();
        this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, infra.bootstrapServers()));
        this.producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, infra.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all"), topic.keySerializer(), topic.valueSerializer());
        this.rawProducer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, infra.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all"), topic.keySerializer(), new ByteArraySerializer());
    }

    String name() {
        return topic;
    }

    /** Publishes {@code value} under {@code key} and waits for the broker. */
    void publish(String key, V value) {
        try {
            producer.send(new ProducerRecord<>(topic, key, value)).get(30, TimeUnit.SECONDS);
        }
        catch (Exception e) {
            throw new IllegalStateException("could not publish to " + topic, e);
        }
    }

    /**
     * Publishes {@code value} as it is (e.g. bytes no consumer can read) under
     * {@code key}, waits for the broker and returns where it landed,
     * {@code topic-partition@offset}.
     */
    String publishBytes(String key, byte[] value) {
        try {
            ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, key, value);
            // deliberately unreadable: service-support's PublishedEventsConform skips it
            record.headers().add(TopicWriter.UNCHECKED_HEADER, new byte[] { 1 });
            RecordMetadata sent = rawProducer.send(record).get(30, TimeUnit.SECONDS);
            return sent.topic() + "-" + sent.partition() + "@" + sent.offset();
        }
        catch (Exception e) {
            throw new IllegalStateException("could not publish to " + topic, e);
        }
    }

    /**
     * {@code DownstreamApplication} on TestInfra's broker and database, any free port,
     * with {@code options} ({@code --key=value}) on top.
     */
    static ConfigurableApplicationContext startDownstream(String... options) {
        List<String> args = new ArrayList<>();
        TestInfra.get().springProperties().forEach((k, v) -> args.add("--" + k + "=" + v));
        args.add("--server.port=0");
        args.addAll(List.of(options));
        return new SpringApplicationBuilder(DownstreamApplication.class).registerShutdownHook(false)
            .run(args.toArray(String[]::new));
    }

    /**
     * Waits until every group's committed offset is the end offset of every partition, as
     * of now.
     */
    void awaitConsumedToTheEnd(List<String> groups) {
        Map<TopicPartition, Long> end = endOffsets();
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            for (String group : groups) {
                assertThat(committed(group, end.keySet())).as(group).isEqualTo(end);
            }
        });
    }

    /** Records each group has not committed yet, over the whole topic. */
    Map<String, Long> lag(List<String> groups) {
        Map<TopicPartition, Long> end = endOffsets();
        Map<String, Long> lag = new TreeMap<>();
        for (String group : groups) {
            Map<TopicPartition, Long> committed = committed(group, end.keySet());
            lag.put(group, end.entrySet().stream().mapToLong(e -> e.getValue() - committed.get(e.getKey())).sum());
        }
        return lag;
    }

    private Map<TopicPartition, Long> endOffsets() {
        try {
            var partitions = admin.describeTopics(List.of(topic))
                .allTopicNames()
                .get(30, TimeUnit.SECONDS)
                .get(topic)
                .partitions()
                .stream()
                .map(p -> new TopicPartition(topic, p.partition()))
                .toList();
            Map<TopicPartition, OffsetSpec> latest = new TreeMap<>(BY_PARTITION);
            partitions.forEach(p -> latest.put(p, OffsetSpec.latest()));
            Map<TopicPartition, Long> end = new TreeMap<>(BY_PARTITION);
            admin.listOffsets(latest).all().get(30, TimeUnit.SECONDS).forEach((p, info) -> end.put(p, info.offset()));
            return end;
        }
        catch (Exception e) {
            throw new IllegalStateException("could not read the end offsets of " + topic, e);
        }
    }

    /** The group's committed offsets of these partitions; 0 where it committed none. */
    private Map<TopicPartition, Long> committed(String group, Iterable<TopicPartition> partitions) {
        try {
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata()
                .get(30, TimeUnit.SECONDS);
            Map<TopicPartition, Long> committed = new TreeMap<>(BY_PARTITION);
            for (TopicPartition p : partitions) {
                OffsetAndMetadata o = offsets.get(p);
                committed.put(p, o == null ? 0L : o.offset());
            }
            return committed;
        }
        catch (Exception e) {
            throw new IllegalStateException("could not read the offsets of group " + group, e);
        }
    }

    @Override
    public void close() {
        producer.close();
        rawProducer.close();
        admin.close();
    }

}
