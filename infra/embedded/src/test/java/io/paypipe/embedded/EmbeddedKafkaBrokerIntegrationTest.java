package io.paypipe.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedKafkaBrokerIntegrationTest {

    @TempDir
    static Path tempDir;

    static EmbeddedKafkaBroker broker;

    @BeforeAll
    static void startBroker() {
        broker = EmbeddedKafkaBroker.start(tempDir.resolve("kafka"));
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void producesAndConsumesARecordWithAcksAll() throws Exception {
        // Given a topic
        String topic = "produce-consume";
        broker.createTopics(List.of(topic), 3);
        broker.createTopics(List.of(topic), 3); // already exists: ignored

        // When a record is sent with acks=all
        RecordMetadata sent;
        try (KafkaProducer<String, String> producer = producer(Map.of())) {
            sent = producer.send(new ProducerRecord<>(topic, "order-1", "paid")).get(30, TimeUnit.SECONDS);
        }

        // Then a group consumer reads it back
        assertThat(sent.hasOffset()).isTrue();
        try (KafkaConsumer<String, String> consumer = consumer("produce-consume-group")) {
            consumer.subscribe(List.of(topic));
            List<ConsumerRecord<String, String>> received = new ArrayList<>();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(received::add);
                return !received.isEmpty();
            });
            assertThat(received).singleElement().satisfies(r -> {
                assertThat(r.key()).isEqualTo("order-1");
                assertThat(r.value()).isEqualTo("paid");
                assertThat(r.partition()).isEqualTo(sent.partition());
            });
        }
    }

    @Test
    void stopMakesSendsFailAndRestartOnTheSamePortsKeepsTheData() throws Exception {
        // Given a record written before the stop, by a producer with short timeouts
        String topic = "stop-restart";
        broker.createTopics(List.of(topic), 1);
        String bootstrapBefore = broker.bootstrapServers();
        try (KafkaProducer<String, String> producer = producer(
                Map.of(ProducerConfig.MAX_BLOCK_MS_CONFIG, "2000", ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "1000",
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "2000", ProducerConfig.LINGER_MS_CONFIG, "0"))) {
            producer.send(new ProducerRecord<>(topic, "k", "before")).get(30, TimeUnit.SECONDS);

            // When the broker is stopped
            broker.stop();

            // Then a send fails within the producer's short timeouts
            assertThat(broker.isRunning()).isFalse();
            long t0 = System.nanoTime();
            assertThatThrownBy(
                    () -> producer.send(new ProducerRecord<>(topic, "k", "during")).get(30, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(TimeoutException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(10));

            // When it is restarted
            broker.restart();

            // Then it is back on the same address, and the same producer can send again
            assertThat(broker.isRunning()).isTrue();
            assertThat(broker.bootstrapServers()).isEqualTo(bootstrapBefore);
            await().atMost(Duration.ofSeconds(30))
                .ignoreExceptions()
                .untilAsserted(
                        () -> producer.send(new ProducerRecord<>(topic, "k", "after")).get(10, TimeUnit.SECONDS));
        }

        // And the record written before the stop is still there
        try (KafkaConsumer<String, String> consumer = consumer(null)) {
            TopicPartition tp = new TopicPartition(topic, 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            List<String> values = new ArrayList<>();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> values.add(r.value()));
                return values.contains("after");
            });
            assertThat(values).startsWith("before").contains("after").doesNotContain("during");
        }
    }

    private static KafkaProducer<String, String> producer(Map<String, String> overrides) {
        Map<String, Object> props = new java.util.HashMap<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.bootstrapServers(), ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                "true", ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class));
        props.putAll(overrides);
        return new KafkaProducer<>(props);
    }

    private static KafkaConsumer<String, String> consumer(String groupId) {
        Map<String, Object> props = new java.util.HashMap<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.bootstrapServers(), ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class));
        if (groupId != null) {
            props.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        }
        return new KafkaConsumer<>(props);
    }

}
