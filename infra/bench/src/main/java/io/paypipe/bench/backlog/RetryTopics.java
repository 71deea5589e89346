package io.paypipe.bench.backlog;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A pair of retry topics as spring-kafka's non-blocking retries lay them out: the level
 * being consumed ({@code <base>-0}, every record delayed by {@link #LEVEL_DELAY}) and the
 * next level ({@code <base>-1}, {@link #NEXT_LEVEL_DELAY}), one partition each. Seeding
 * writes the due records first, then the awaiting ones: in a retry topic every record has
 * the same delay, so the records still waiting always sit behind the due ones.
 */
final class RetryTopics implements AutoCloseable {

    static final String BACKOFF_TIMESTAMP = "retry_topic-backoff-timestamp";
    static final String ATTEMPTS = "retry_topic-attempts";
    static final String ORIGINAL_TIMESTAMP = "retry_topic-original-timestamp";

    /** The 7th step of the article's ladder (3600 s), then the 8th (7200 s). */
    static final Duration LEVEL_DELAY = Duration.ofSeconds(BacklogTables.BACKOFF_SECONDS.get(6));
    static final Duration NEXT_LEVEL_DELAY = Duration.ofSeconds(BacklogTables.BACKOFF_SECONDS.get(7));

    /**
     * Delivery attempts a record in the consumed level has had (the first one plus six
     * retries).
     */
    static final int ATTEMPTS_SO_FAR = 7;

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final String bootstrapServers;

    private final Admin admin;

    private final List<String> created = new ArrayList<>();

    RetryTopics(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
        this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers));
    }

    /** The consumed level and the next one, freshly created under a unique name. */
    record Pair(TopicPartition consumed, TopicPartition next) {
    }

    Pair create() {
        String base = "bench.backlog-retry-" + UUID.randomUUID();
        Pair pair = new Pair(new TopicPartition(base + "-0", 0), new TopicPartition(base + "-1", 0));
        List<NewTopic> topics = List.of(new NewTopic(pair.consumed().topic(), Optional.of(1), Optional.empty()),
                new NewTopic(pair.next().topic(), Optional.of(1), Optional.empty()));
        topics.forEach(t -> created.add(t.name()));
        await(admin.createTopics(topics).all());
        return pair;
    }

    /**
     * {@code due} records whose backoff time has passed (records 1..due), then
     * {@code backlog} records due between {@link BacklogTables#GUARD_SECONDS} and
     * {@link #LEVEL_DELAY} from now (records due+1..due+backlog).
     */
    void seed(Pair pair, int due, int backlog) {
        long now = System.currentTimeMillis();
        long guardMillis = BacklogTables.GUARD_SECONDS * 1000L;
        long spreadMillis = LEVEL_DELAY.toMillis() - guardMillis;
        try (KafkaProducer<String, byte[]> producer = seedingProducer()) {
            awaitLeader(producer, pair.consumed().topic());
            List<Future<RecordMetadata>> sent = new ArrayList<>(due + backlog);
            for (int i = 1; i <= due + backlog; i++) {
                long dueAt = i <= due ? now - 1000 - (due - i) : now + guardMillis + (i - due) * spreadMillis / backlog;
                ProducerRecord<String, byte[]> record = new ProducerRecord<>(pair.consumed().topic(), 0, null,
                        BacklogRecords.outTradeNo(i), BacklogRecords.body(i).getBytes(StandardCharsets.UTF_8));
                record.headers().add(ORIGINAL_TIMESTAMP, bigInteger(dueAt - LEVEL_DELAY.toMillis()));
                record.headers().add(ATTEMPTS, int4(ATTEMPTS_SO_FAR));
                record.headers().add(BACKOFF_TIMESTAMP, bigInteger(dueAt));
                sent.add(producer.send(record));
            }
            producer.flush();
            for (Future<RecordMetadata> f : sent) {
                await(f);
            }
        }
    }

    /**
     * Waits until {@code producer} knows a leader of the fresh topic's partition: the
     * first batch sent to a topic whose partition the broker has not loaded yet fails
     * with NOT_LEADER_OR_FOLLOWER, and the idempotent producer then retried the batches
     * behind it with OUT_OF_ORDER_SEQUENCE_NUMBER without end (seen on the run of
     * 2026-12-01 20:00: the benchmark hung in the backlog phase).
     */
    private static void awaitLeader(KafkaProducer<String, byte[]> producer, String topic) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (producer.partitionsFor(topic).stream().anyMatch(p -> p.leader() == null || p.leader().isEmpty())) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no leader for " + topic + " within " + TIMEOUT);
            }
            try {
                Thread.sleep(50);
            }
            catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }

    /**
     * The keys of every record in {@code tp}, in order (read with a group-less consumer).
     */
    List<String> keys(TopicPartition tp) {
        List<String> keys = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = consumer(null)) {
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long end = consumer.endOffsets(List.of(tp)).get(tp);
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (consumer.position(tp) < end) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("could not read " + tp + " to its end " + end + " in " + TIMEOUT);
                }
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    keys.add(r.key());
                }
            }
        }
        return keys;
    }

    long endOffset(TopicPartition tp) {
        try (KafkaConsumer<String, byte[]> consumer = consumer(null)) {
            return consumer.endOffsets(List.of(tp)).get(tp);
        }
    }

    /**
     * A consumer of string keys and raw values that commits only when told;
     * {@code groupId} may be null.
     */
    KafkaConsumer<String, byte[]> consumer(String groupId) {
        Map<String, Object> config = new java.util.HashMap<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers, ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"));
        if (groupId != null) {
            config.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        }
        return new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer());
    }

    /**
     * As the product's retry template: acks=all, idempotent, no linger (each send is
     * awaited), else Kafka's defaults.
     */
    KafkaProducer<String, byte[]> forwardingProducer() {
        return new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers, ProducerConfig.ACKS_CONFIG, "all",
                        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true, ProducerConfig.LINGER_MS_CONFIG, 0),
                new StringSerializer(), new ByteArraySerializer());
    }

    private KafkaProducer<String, byte[]> seedingProducer() {
        return new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers, ProducerConfig.ACKS_CONFIG, "all",
                        ProducerConfig.LINGER_MS_CONFIG, 20, ProducerConfig.BATCH_SIZE_CONFIG, 512 * 1024,
                        // one batch in flight (a failed first batch is retried before
                        // the next is sent); a send that cannot land fails the run
                        ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1,
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis()),
                new StringSerializer(), new ByteArraySerializer());
    }

    /** Deletes every topic this instance created. */
    @Override
    public void close() {
        try {
            if (!created.isEmpty()) {
                await(admin.deleteTopics(Set.copyOf(created)).all());
                created.clear();
            }
        }
        finally {
            admin.close(Duration.ofSeconds(10));
        }
    }

    static long backoffTimestamp(Headers headers) {
        var h = headers.lastHeader(BACKOFF_TIMESTAMP);
        return h == null ? 0 : new BigInteger(h.value()).longValue();
    }

    static byte[] bigInteger(long value) {
        return BigInteger.valueOf(value).toByteArray();
    }

    static byte[] int4(int value) {
        return ByteBuffer.allocate(4).putInt(value).array();
    }

    static byte[] long8(long value) {
        return ByteBuffer.allocate(8).putLong(value).array();
    }

    private static void await(Future<?> future) {
        try {
            future.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("Kafka operation failed", e);
        }
    }

}
