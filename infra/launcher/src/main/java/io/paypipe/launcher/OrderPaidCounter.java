package io.paypipe.launcher;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.topic.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * Reads {@code order.paid} from the start and counts the records and the distinct event
 * ids of the orders whose out_trade_no starts with a prefix: two records with one event
 * id are a harmless re-publish.
 */
public final class OrderPaidCounter implements AutoCloseable {

    private final KafkaConsumer<String, OrderPaid> consumer;

    private final String prefix;

    private final AtomicLong records = new AtomicLong();

    private final Set<String> eventIds = ConcurrentHashMap.newKeySet();

    private final Thread poller;

    private volatile boolean running = true;

    public OrderPaidCounter(String bootstrapServers, String prefix) {
        this.prefix = prefix;
        this.consumer = new KafkaConsumer<>(
                Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers, ConsumerConfig.GROUP_ID_CONFIG,
                        "demo-counter-" + UUID.randomUUID(), ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                Topics.ORDER_PAID.keyDeserializer(), Topics.ORDER_PAID.valueDeserializer());
        consumer.subscribe(List.of(Topics.ORDER_PAID.name()));
        this.poller = Thread.ofVirtual().name("order-paid-counter").start(this::poll);
    }

    private void poll() {
        while (running) {
            consumer.poll(Duration.ofMillis(200)).forEach(record -> {
                OrderPaid paid = record.value();
                if (paid != null && paid.orderKey().outTradeNo().value().startsWith(prefix)) {
                    records.incrementAndGet();
                    eventIds.add(paid.eventId().value());
                }
            });
        }
        consumer.close(Duration.ofSeconds(2));
    }

    public long records() {
        return records.get();
    }

    public long distinctEventIds() {
        return eventIds.size();
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
