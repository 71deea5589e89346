package io.paypipe.processor.support;

import io.paypipe.core.id.OrderKey;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * {@code payment.notify-dlt} on the shared broker, for the tests of the dead-letter
 * endpoints, the console and the CLI: made when missing, and written to as the
 * processor's recoverer writes a letter ({@link DeadLetterSamples#dltHeaders}).
 */
public final class DeadLetterTopic implements AutoCloseable {

    public static final String NAME = Topics.PAYMENT_NOTIFY.dlt();

    private final KafkaProducer<byte[], byte[]> producer;

    private DeadLetterTopic(String bootstrap) {
        this.producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap, ProducerConfig.ACKS_CONFIG, "all"),
                new ByteArraySerializer(), new ByteArraySerializer());
    }

    /** The topic, made first when the broker does not have it yet. */
    public static DeadLetterTopic created() throws Exception {
        String bootstrap = TestInfra.get().bootstrapServers();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            admin.createTopics(List.of(new NewTopic(NAME, Topics.DEFAULT_PARTITIONS, (short) 1)))
                .all()
                .get(30, TimeUnit.SECONDS);
        }
        catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
        }
        return new DeadLetterTopic(bootstrap);
    }

    /**
     * A letter of {@code key}'s order given up on as not found
     * ({@code OrderNotFoundException}), its value {@code value}.
     */
    public RecordMetadata orderNotFound(OrderKey key, byte[] value, String message) throws Exception {
        var headers = DeadLetterSamples.dltHeaders(
                "org.springframework.kafka.listener.ListenerExecutionFailedException",
                "io.paypipe.processor.failure.OrderNotFoundException", message, 3, 41, Instant.now().toEpochMilli());
        return producer.send(new ProducerRecord<>(NAME, null, key.kafkaKey().getBytes(), value, headers))
            .get(30, TimeUnit.SECONDS);
    }

    /** The same, with the message {@code no order}. */
    public RecordMetadata orderNotFound(OrderKey key, byte[] value) throws Exception {
        return orderNotFound(key, value, "no order");
    }

    /** The same, with an unreadable value ({@code poison}). */
    public RecordMetadata orderNotFound(OrderKey key) throws Exception {
        return orderNotFound(key, "poison".getBytes());
    }

    @Override
    public void close() {
        producer.close();
    }

}
