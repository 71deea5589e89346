package io.paypipe.support.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.embedded.TestInfra;
import io.paypipe.support.TestSettings;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ConsumerAwareMessageListener;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.FixedBackOff;

/**
 * A record listener's container as the services build it
 * ({@link KafkaSupportConfig#bytesContainerFactory}, AckMode RECORD), on the shared
 * broker, whose consumer is woken after its poll returned, as a partition resumed from
 * another thread in that window does (the retry topics' back-off,
 * {@code /ops/consumers/resume}). Each test has a topic and a group of its own.
 */
class WakeupOutsidePollIntegrationTest {

    private static final int RECORDS = 3;

    private static Admin admin;

    @BeforeAll
    static void admin() {
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.get().bootstrapServers()));
    }

    @AfterAll
    static void close() {
        admin.close();
    }

    @Test
    void givenAWakeupAfterEachPoll_whenTheRecordsAreHandled_thenTheirCommitsSucceedAndNoRecordIsFailed()
            throws Exception {
        // Given a topic with three records and the services' container factory
        String topic = topicWithRecords();
        var factory = KafkaSupportConfig.bytesContainerFactory(kafka(), TestSettings.of("processor"));

        // When each record is handled and the consumer is then woken
        Outcome outcome = consume(factory, topic);

        // Then every record was handled once, none reached the error handler, and the
        // group's committed offset is past the last one
        assertThat(outcome.handled()).containsExactly(0L, 1L, 2L);
        assertThat(outcome.failed()).isEmpty();
        assertThat(outcome.committed()).isEqualTo(RECORDS);
    }

    /**
     * The race {@link WakeupOutsidePoll} works around, shown on the same container
     * without it: should spring-kafka stop failing the handled record, this test fails,
     * and the workaround can go.
     */
    @Test
    void givenTheSameContainerWithoutTheWorkaround_whenTheConsumerIsWokenAfterAPoll_thenTheHandledRecordIsFailed()
            throws Exception {
        // Given the services' container factory with the workaround taken out
        String topic = topicWithRecords();
        var factory = KafkaSupportConfig.bytesContainerFactory(kafka(), TestSettings.of("processor"));
        var consumers = (DefaultKafkaConsumerFactory<String, byte[]>) factory.getConsumerFactory();
        List.copyOf(consumers.getPostProcessors()).forEach(consumers::removePostProcessor);

        // When each record is handled and the consumer is then woken
        Outcome outcome = consume(factory, topic);

        // Then the record's commit threw the wakeup, and the container failed the record
        // that had been handled
        assertThat(outcome.failed()).isNotEmpty().allSatisfy(failure -> assertThat(failure).contains("Wakeup"));
    }

    private record Outcome(List<Long> handled, List<String> failed, long committed) {
    }

    private static Outcome consume(ConcurrentKafkaListenerContainerFactory<String, byte[]> factory, String topic)
            throws Exception {
        List<Long> handled = new CopyOnWriteArrayList<>();
        List<String> failed = new CopyOnWriteArrayList<>();
        factory.setConcurrency(1);
        factory.setCommonErrorHandler(new DefaultErrorHandler(
                (record, e) -> failed.add(record.offset() + " " + rootCause(e)), new FixedBackOff(0, 0)));
        String group = "wakeup-" + UUID.randomUUID();
        ConcurrentMessageListenerContainer<String, byte[]> container = factory.createContainer(topic);
        container.getContainerProperties().setGroupId(group);
        container.setupMessageListener((ConsumerAwareMessageListener<String, byte[]>) (record, consumer) -> {
            handled.add(record.offset());
            consumer.wakeup();
        });
        container.start();
        try {
            await().atMost(Duration.ofSeconds(30))
                .until(() -> handled.size() + failed.size() >= RECORDS && committed(group, topic) == RECORDS);
        }
        finally {
            container.stop();
        }
        return new Outcome(List.copyOf(handled), List.copyOf(failed), committed(group, topic));
    }

    private static String rootCause(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getClass().getSimpleName();
    }

    private static long committed(String group, String topic) throws Exception {
        OffsetAndMetadata offset = admin.listConsumerGroupOffsets(group)
            .partitionsToOffsetAndMetadata()
            .get()
            .get(new TopicPartition(topic, 0));
        return offset == null ? -1 : offset.offset();
    }

    private static String topicWithRecords() throws Exception {
        String topic = "wakeup-" + UUID.randomUUID();
        admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.get().bootstrapServers()),
                new StringSerializer(), new ByteArraySerializer())) {
            for (int i = 0; i < RECORDS; i++) {
                producer.send(new ProducerRecord<>(topic, "k", ("v" + i).getBytes(StandardCharsets.UTF_8))).get();
            }
        }
        return topic;
    }

    private static KafkaProperties kafka() {
        KafkaProperties kafka = new KafkaProperties();
        kafka.setBootstrapServers(List.of(TestInfra.get().bootstrapServers()));
        return kafka;
    }

}
