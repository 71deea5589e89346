package io.paypipe.auditor;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A topic of one test's own that stands for {@code order.paid} on TestInfra's broker (3
 * partitions), and a producer for it. {@link #publish} answers where the record landed,
 * as the auditor names it: {@code topic-partition@offset}.
 */
final class OrderPaidTopic implements AutoCloseable {

    static final int PARTITIONS = 3;

    private final String name;

    private final KafkaProducer<String, byte[]> producer;

    private OrderPaidTopic(String name) {
        this.name = name;
        this.producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(), ProducerConfig.ACKS_CONFIG, "all"),
                new StringSerializer(), new ByteArraySerializer());
    }

    /** A new topic, created empty. */
    static OrderPaidTopic create() {
        return named(Topics.ORDER_PAID.name() + ".audit-" + UUID.randomUUID().toString().substring(0, 8), true);
    }

    /** A name nothing created (and a consumer without auto-creation will not create). */
    static OrderPaidTopic missing() {
        return named(Topics.ORDER_PAID.name() + ".missing-" + UUID.randomUUID().toString().substring(0, 8), false);
    }

    /** The real {@code order.paid} of TestInfra's broker, created if needed. */
    static OrderPaidTopic real() {
        return named(Topics.ORDER_PAID.name(), true);
    }

    private static OrderPaidTopic named(String name, boolean create) {
        if (create) {
            TestInfra.get().broker().createTopics(List.of(name), PARTITIONS);
        }
        return new OrderPaidTopic(name);
    }

    String name() {
        return name;
    }

    String publish(OrderPaid event) {
        return publish(event.orderKey().kafkaKey(), Topics.ORDER_PAID.valueSerializer().serialize(name, event));
    }

    /** Any bytes, e.g. a value the auditor cannot read. */
    String publish(String key, byte[] value) {
        try {
            RecordMetadata m = producer.send(new ProducerRecord<>(name, key, value)).get(30, TimeUnit.SECONDS);
            return m.topic() + "-" + m.partition() + "@" + m.offset();
        }
        catch (Exception e) {
            throw new IllegalStateException("could not publish to " + name, e);
        }
    }

    /**
     * Deletes every record of every partition, as retention would: one more record goes
     * to each partition first, so every log start offset moves past 0.
     */
    void expireEverything() {
        for (int p = 0; p < PARTITIONS; p++) {
            try {
                producer.send(new ProducerRecord<>(name, p, "expired", new byte[0])).get(30, TimeUnit.SECONDS);
            }
            catch (Exception e) {
                throw new IllegalStateException("could not publish to " + name, e);
            }
        }
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()))) {
            var partitions = admin.describeTopics(List.of(name))
                .allTopicNames()
                .get(30, TimeUnit.SECONDS)
                .get(name)
                .partitions()
                .stream()
                .map(p -> new TopicPartition(name, p.partition()))
                .toList();
            var ends = admin
                .listOffsets(partitions.stream()
                    .collect(java.util.stream.Collectors.toMap(p -> p,
                            p -> org.apache.kafka.clients.admin.OffsetSpec.latest())))
                .all()
                .get(30, TimeUnit.SECONDS);
            Map<TopicPartition, RecordsToDelete> delete = new java.util.HashMap<>();
            ends.forEach((p, info) -> delete.put(p, RecordsToDelete.beforeOffset(info.offset())));
            admin.deleteRecords(delete).all().get(30, TimeUnit.SECONDS);
        }
        catch (Exception e) {
            throw new IllegalStateException("could not delete the records of " + name, e);
        }
    }

    static String bootstrapServers() {
        return TestInfra.get().bootstrapServers();
    }

    @Override
    public void close() {
        producer.close();
    }

}
