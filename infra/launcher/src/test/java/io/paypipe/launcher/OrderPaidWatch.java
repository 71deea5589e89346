package io.paypipe.launcher;

import io.paypipe.core.topic.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * A consumer of {@code order.paid} in the measuring JVM, as a downstream team's would be
 * ({@code read_committed}, every partition, from the end at its start): when each order's
 * first {@code OrderPaid} arrived, by out_trade_no (the last part of the record's key,
 * {@code tenant|merchant|out_trade_no}).
 */
final class OrderPaidWatch implements AutoCloseable {

    private final Map<String, Long> firstSeenNanos = new ConcurrentHashMap<>();

    private final AtomicBoolean running = new AtomicBoolean(true);

    private final Thread poller;

    private volatile RuntimeException failure;

    OrderPaidWatch(String bootstrapServers) {
        KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers, ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false, ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class, ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class));
        List<TopicPartition> partitions = consumer.partitionsFor(Topics.ORDER_PAID.name(), Duration.ofSeconds(30))
            .stream()
            .map(p -> new TopicPartition(p.topic(), p.partition()))
            .toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        // the positions now, so that nothing published after the start is skipped
        partitions.forEach(consumer::position);
        poller = Thread.ofPlatform().name("scale-out-order-paid").start(() -> poll(consumer));
    }

    private void poll(KafkaConsumer<String, String> consumer) {
        try (consumer) {
            while (running.get()) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(100))) {
                    long now = System.nanoTime();
                    String key = record.key();
                    firstSeenNanos.putIfAbsent(key.substring(key.lastIndexOf('|') + 1), now);
                }
            }
        }
        catch (RuntimeException e) {
            failure = e;
        }
    }

    /**
     * When the first OrderPaid of {@code outTradeNo} arrived ({@link System#nanoTime()}).
     */
    Long firstSeen(String outTradeNo) {
        return firstSeenNanos.get(outTradeNo);
    }

    /**
     * Waits until every one of {@code outTradeNos} has its OrderPaid; the time the last
     * one arrived. Fails after {@code timeout} with how many are missing.
     */
    long awaitAll(List<String> outTradeNos, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (failure != null) {
                throw new IllegalStateException("the order.paid consumer failed", failure);
            }
            long last = 0;
            int missing = 0;
            for (String o : outTradeNos) {
                Long seen = firstSeenNanos.get(o);
                if (seen == null) {
                    missing++;
                }
                else {
                    last = Math.max(last, seen);
                }
            }
            if (missing == 0) {
                return last;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        missing + " of " + outTradeNos.size() + " orders had no OrderPaid after " + timeout);
            }
            Thread.sleep(20);
        }
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        poller.join(10_000);
    }

}
