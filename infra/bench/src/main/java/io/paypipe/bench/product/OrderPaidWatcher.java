package io.paypipe.bench.product;

import io.paypipe.bench.load.LoadRunner;
import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.topic.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * A consumer of {@code order.paid} in the driver: for the orders of one phase (by
 * out_trade_no prefix) it records the end-to-end latency from the first send of the
 * order's notification to the first {@code OrderPaid} it reads, and every event id it
 * sees per order (the exactness check wants exactly one).
 */
public final class OrderPaidWatcher implements LoadRunner.SendListener, AutoCloseable {

    private static final long MAX_MICROS = 600_000_000L;

    private final String prefix;

    private final KafkaConsumer<String, OrderPaid> consumer;

    private final Map<String, Long> firstSend = new ConcurrentHashMap<>();

    private final Set<String> acked = ConcurrentHashMap.newKeySet();

    private final Map<String, Set<String>> eventIds = new ConcurrentHashMap<>();

    private final LongAdder records = new LongAdder();

    private final Recorder endToEnd = new Recorder(MAX_MICROS, 3);

    private final Thread poller;

    private volatile boolean running = true;

    /**
     * Starts reading at the current end of the topic, so only this phase's events count.
     */
    public OrderPaidWatcher(String bootstrapServers, String prefix) {
        this.prefix = prefix;
        this.consumer = new KafkaConsumer<>(
                Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers, ConsumerConfig.GROUP_ID_CONFIG,
                        "bench-watcher-" + UUID.randomUUID(), ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"),
                Topics.ORDER_PAID.keyDeserializer(), Topics.ORDER_PAID.valueDeserializer());
        List<TopicPartition> partitions = consumer.partitionsFor(Topics.ORDER_PAID.name())
            .stream()
            .map(p -> new TopicPartition(p.topic(), p.partition()))
            .toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position); // resolve the end now, before anything is
                                                // sent
        this.poller = Thread.ofPlatform().daemon().name("bench-order-paid").start(this::poll);
    }

    @Override
    public void sending(String outTradeNo, long nanos) {
        firstSend.putIfAbsent(outTradeNo, nanos);
    }

    @Override
    public void acked(String outTradeNo) {
        acked.add(outTradeNo);
    }

    /**
     * The orders whose notification got at least one success ack: each must end up paid
     * exactly once.
     */
    public Set<String> ackedOrders() {
        return Set.copyOf(acked);
    }

    private void poll() {
        while (running) {
            consumer.poll(Duration.ofMillis(100)).forEach(record -> {
                long now = System.nanoTime();
                OrderPaid paid = record.value();
                if (paid == null || !paid.orderKey().outTradeNo().value().startsWith(prefix)) {
                    return;
                }
                String order = paid.orderKey().outTradeNo().value();
                records.increment();
                Set<String> ids = eventIds.computeIfAbsent(order, o -> ConcurrentHashMap.newKeySet());
                boolean first = ids.isEmpty();
                ids.add(paid.eventId().value());
                Long sent = firstSend.get(order);
                if (first && sent != null) {
                    endToEnd.recordValue(Math.min(MAX_MICROS, Math.max(1, (now - sent) / 1_000)));
                }
            });
        }
        consumer.close(Duration.ofSeconds(2));
    }

    public long ordersSeen() {
        return eventIds.size();
    }

    public long records() {
        return records.sum();
    }

    /** Orders for which more than one distinct OrderPaid event id was read. */
    public long ordersWithSeveralEventIds() {
        return eventIds.values().stream().filter(ids -> ids.size() > 1).count();
    }

    /**
     * The end-to-end latencies recorded so far (microseconds); call once, after the
     * phase.
     */
    public Histogram endToEndMicros() {
        return endToEnd.getIntervalHistogram();
    }

    @Override
    public void close() {
        running = false;
        try {
            poller.join(5_000);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

}
