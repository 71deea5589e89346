package io.paypipe.bench.product;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Creates the benchmark's orders the way the merchant's order system does
 * ({@code OrderCreated} on {@code order.created}, as the sandbox does) and waits until
 * the processor has stored every one, so that the measured notifications find their
 * orders.
 */
public final class OrderSeeder {

    private final String bootstrapServers;

    private final JdbcClient jdbc;

    public OrderSeeder(String bootstrapServers, JdbcClient jdbc) {
        this.bootstrapServers = bootstrapServers;
        this.jdbc = jdbc;
    }

    /**
     * Publishes {@code orders} and waits until all are stored; gives up when the count of
     * stored orders has not grown for {@code stall} (a slow host stores 100,000 orders in
     * more than five minutes, a stopped processor none).
     */
    public void create(String prefix, List<BenchOrder> orders, Duration stall) {
        try (KafkaProducer<String, OrderCreated> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers, ProducerConfig.ACKS_CONFIG, "all",
                        ProducerConfig.LINGER_MS_CONFIG, 20),
                Topics.ORDER_CREATED.keySerializer(), Topics.ORDER_CREATED.valueSerializer())) {
            List<Future<RecordMetadata>> sends = new ArrayList<>(orders.size());
            for (BenchOrder o : orders) {
                OrderCreated event = orderCreated(o);
                sends.add(producer
                    .send(new ProducerRecord<>(Topics.ORDER_CREATED.name(), event.orderKey().kafkaKey(), event)));
            }
            producer.flush();
            for (Future<RecordMetadata> send : sends) {
                send.get();
            }
        }
        catch (Exception e) {
            throw new IllegalStateException("cannot publish the benchmark's orders: " + e, e);
        }
        awaitStored(orders.size(), () -> count(prefix), stall, System::nanoTime, OrderSeeder::sleep);
    }

    /**
     * Polls {@code stored} until it reaches {@code expected}; throws once it has not
     * grown for {@code stall}.
     */
    static void awaitStored(long expected, LongSupplier stored, Duration stall, LongSupplier nanos, Runnable pause) {
        long last = -1;
        long lastGrowth = nanos.getAsLong();
        long count;
        while ((count = stored.getAsLong()) < expected) {
            long now = nanos.getAsLong();
            if (count > last) {
                last = count;
                lastGrowth = now;
            }
            else if (now - lastGrowth > stall.toNanos()) {
                throw new IllegalStateException(
                        "only " + count + " of " + expected + " orders stored, none more for " + stall);
            }
            pause.run();
        }
    }

    private long count(String prefix) {
        return jdbc.sql("SELECT COUNT(*) FROM orders WHERE out_trade_no LIKE :p")
            .param("p", prefix + "%")
            .query(Long.class)
            .single();
    }

    static OrderCreated orderCreated(BenchOrder o) {
        OrderKey key = new OrderKey(TenantId.of(o.tenant()), MerchantId.of(o.merchantId()),
                OutTradeNo.of(o.outTradeNo()));
        return new OrderCreated(EventId.derived("order-created", key.kafkaKey()), key, null, Channel.WECHATPAY,
                Money.of(o.amountFen(), "CNY"), Instant.now());
    }

    private static void sleep() {
        try {
            Thread.sleep(300);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

}
