package io.paypipe.launcher;

import io.paypipe.core.topic.Topics;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * order.paid read from the beginning to its end as of now: how many records, and their
 * event ids.
 */
record OrderPaidSnapshot(long records, Set<String> eventIds) {

    static OrderPaidSnapshot readToEnd(String bootstrapServers) {
        try (var consumer = new KafkaConsumer<>(
                Map.<String, Object>of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                new StringDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(Topics.ORDER_PAID.name(), Duration.ofSeconds(10))
                .stream()
                .map(p -> new TopicPartition(p.topic(), p.partition()))
                .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            Set<String> ids = new HashSet<>();
            long records = 0;
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(Topics.ORDER_PAID.name() + " not read to its end in 60 s");
                }
                for (var r : consumer.poll(Duration.ofMillis(200))) {
                    records++;
                    ids.add(Topics.ORDER_PAID.valueDeserializer().deserialize(r.topic(), r.value()).eventId().value());
                }
            }
            return new OrderPaidSnapshot(records, ids);
        }
    }
}
