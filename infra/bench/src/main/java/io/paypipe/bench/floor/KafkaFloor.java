package io.paypipe.bench.floor;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The floor of the publish step: one plain Kafka producer with ingress's producer
 * settings ({@link IngressProducerSettings}: {@code acks=all}, idempotent, its linger and
 * timeouts), {@code concurrency} threads each sending a record of the benchmark's event
 * size and waiting for the broker, into a scratch topic with as many partitions as
 * {@code payment.notify}.
 */
public final class KafkaFloor {

    /** The floor's name in the report. */
    public static final String NAME = "kafka producer, ingress's settings";

    private final String bootstrapServers;

    public KafkaFloor(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
    }

    public FloorStats measure(int concurrency, Duration duration, int recordBytes, int partitions) {
        String topic = "bench.floor-" + UUID.randomUUID();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            admin.createTopics(List.of(new NewTopic(topic, Optional.of(partitions), Optional.empty()))).all().get();
            Map<String, Object> config = new java.util.HashMap<>(IngressProducerSettings.settings());
            config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
            try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(config, new StringSerializer(),
                    new ByteArraySerializer())) {
                byte[] value = new byte[recordBytes];
                java.util.Arrays.fill(value, (byte) 'x');
                return ClosedLoop.run(NAME, concurrency, duration,
                        n -> producer.send(new ProducerRecord<>(topic, "key-" + n, value)).get());
            }
            finally {
                admin.deleteTopics(List.of(topic)).all().get();
            }
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("cannot measure the Kafka floor: " + e.getCause(), e.getCause());
        }
    }

}
