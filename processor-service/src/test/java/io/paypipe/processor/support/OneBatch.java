package io.paypipe.processor.support;

import static io.paypipe.processor.support.Fixtures.newOrderKey;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.core.topic.Topics;
import io.paypipe.support.testing.TopicWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Utils;

/**
 * Publishes records to {@code payment.notify} so that the processor's batch listener gets
 * them in ONE poll: all of them on one partition (keys chosen for it), sent as one
 * producer batch (the broker appends it as one record batch, and a fetch returns a record
 * batch whole), with the ingress's raw-id header where there is a raw row.
 */
public final class OneBatch implements AutoCloseable {

    /** The partitions of the topics the tests' processors declare (the default). */
    public static final int PARTITIONS = 6;

    private final KafkaProducer<String, byte[]> producer;

    private final List<ProducerRecord<String, byte[]>> records = new ArrayList<>();

    public OneBatch(String bootstrapServers) {
        producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers, ProducerConfig.ACKS_CONFIG, "all",
                        ProducerConfig.LINGER_MS_CONFIG, 60_000, ProducerConfig.BATCH_SIZE_CONFIG, 1_000_000),
                new StringSerializer(), new ByteArraySerializer());
    }

    /** An order key on the same partition as {@code other}. */
    public static OrderKey keyOnPartitionOf(OrderKey other) {
        int partition = partition(other);
        OrderKey key = newOrderKey();
        while (partition(key) != partition) {
            key = newOrderKey();
        }
        return key;
    }

    public static int partition(OrderKey key) {
        return Utils.toPositive(Utils.murmur2(key.kafkaKey().getBytes(StandardCharsets.UTF_8))) % PARTITIONS;
    }

    public OneBatch add(PaymentNotified n) {
        var record = new ProducerRecord<>(Topics.PAYMENT_NOTIFY.name(), partition(n.orderKey()),
                n.orderKey().kafkaKey(), Topics.PAYMENT_NOTIFY.valueSerializer().serialize(null, n));
        record.headers().add(NotifyHeaders.RAW_ID, NotifyHeaders.rawIdValue(n.rawId()));
        records.add(record);
        return this;
    }

    /** A record nobody can read, with the key of {@code key}. */
    public OneBatch addBytes(OrderKey key, byte[] value) {
        var record = new ProducerRecord<>(Topics.PAYMENT_NOTIFY.name(), partition(key), key.kafkaKey(), value);
        // deliberately no event: not checked against the published schemas
        record.headers().add(TopicWriter.UNCHECKED_HEADER, new byte[] { 1 });
        records.add(record);
        return this;
    }

    /** Sends everything added at once and waits for the broker; the offsets, in order. */
    public List<Long> send() {
        if (records.stream().map(ProducerRecord::partition).distinct().count() != 1) {
            throw new IllegalStateException("one batch is one partition");
        }
        List<Future<RecordMetadata>> sent = records.stream().map(producer::send).toList();
        producer.flush();
        records.clear();
        try {
            List<Long> offsets = new ArrayList<>();
            for (Future<RecordMetadata> f : sent) {
                offsets.add(f.get(10, TimeUnit.SECONDS).offset());
            }
            return offsets;
        }
        catch (Exception e) {
            throw new IllegalStateException("test publish to payment.notify failed", e);
        }
    }

    @Override
    public void close() {
        producer.close();
    }

}
