package io.paypipe.support.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.embedded.TestInfra;
import io.paypipe.support.TestSettings;
import io.paypipe.support.testing.ConsumerGroups;
import io.paypipe.support.testing.TopicWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.RecordMetadata;
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

    @Test
    void givenAWakeupAfterEachPoll_whenTheRecordsAreHandled_thenTheirCommitsSucceedAndNoRecordIsFailed()
            throws Exception {
        // Given a topic with three records and the services' container factory
        RecordMetadata last = topicWithRecords();
        var factory = KafkaSupportConfig.bytesContainerFactory(kafka(), TestSettings.of("processor"));

        // When each record is handled and the consumer is then woken
        Outcome outcome = consume(factory, last);

        // Then every record was handled once, none reached the error handler, and the
        // group's committed offset is past the last one
        assertThat(outcome.handled()).containsExactly(0L, 1L, 2L);
        assertThat(outcome.failed()).isEmpty();
        assertThat(outcome.committedPastLast()).isTrue();
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
        RecordMetadata last = topicWithRecords();
        var factory = KafkaSupportConfig.bytesContainerFactory(kafka(), TestSettings.of("processor"));
        var consumers = (DefaultKafkaConsumerFactory<String, byte[]>) factory.getConsumerFactory();
        List.copyOf(consumers.getPostProcessors()).forEach(consumers::removePostProcessor);

        // When each record is handled and the consumer is then woken
        Outcome outcome = consume(factory, last);

        // Then the record's commit threw the wakeup, and the container failed the record
        // that had been handled
        assertThat(outcome.failed()).isNotEmpty().allSatisfy(failure -> assertThat(failure).contains("Wakeup"));
    }

    private record Outcome(List<Long> handled, List<String> failed, boolean committedPastLast) {
    }

    /** Runs a container on {@code last}'s topic until its records are done with. */
    private static Outcome consume(ConcurrentKafkaListenerContainerFactory<String, byte[]> factory,
            RecordMetadata last) {
        List<Long> handled = new CopyOnWriteArrayList<>();
        List<String> failed = new CopyOnWriteArrayList<>();
        factory.setConcurrency(1);
        factory.setCommonErrorHandler(new DefaultErrorHandler(
                (record, e) -> failed.add(record.offset() + " " + rootCause(e)), new FixedBackOff(0, 0)));
        String group = "wakeup-" + UUID.randomUUID();
        ConcurrentMessageListenerContainer<String, byte[]> container = factory.createContainer(last.topic());
        container.getContainerProperties().setGroupId(group);
        container.setupMessageListener((ConsumerAwareMessageListener<String, byte[]>) (record, consumer) -> {
            handled.add(record.offset());
            consumer.wakeup();
        });
        container.start();
        try {
            await().atMost(Duration.ofSeconds(30))
                .until(() -> handled.size() + failed.size() >= RECORDS && committedPast(group, last));
        }
        finally {
            container.stop();
        }
        return new Outcome(List.copyOf(handled), List.copyOf(failed), committedPast(group, last));
    }

    private static String rootCause(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getClass().getSimpleName();
    }

    private static boolean committedPast(String group, RecordMetadata record) {
        return ConsumerGroups.consumed(TestInfra.get().bootstrapServers(), group, record);
    }

    /** A topic of its own with three records; the last one's metadata. */
    private static RecordMetadata topicWithRecords() throws Exception {
        String topic = "wakeup-" + UUID.randomUUID();
        try (Admin admin = Admin
            .create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.get().bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        }
        RecordMetadata last = null;
        try (var writer = new TopicWriter(TestInfra.get().bootstrapServers())) {
            for (int i = 0; i < RECORDS; i++) {
                last = writer.sendBytes(topic, "k", ("v" + i).getBytes(StandardCharsets.UTF_8));
            }
        }
        return last;
    }

    private static KafkaProperties kafka() {
        KafkaProperties kafka = new KafkaProperties();
        kafka.setBootstrapServers(List.of(TestInfra.get().bootstrapServers()));
        return kafka;
    }

}
