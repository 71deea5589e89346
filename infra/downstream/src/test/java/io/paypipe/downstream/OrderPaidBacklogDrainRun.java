package io.paypipe.downstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A measurement, not a test (its name does not end in {@code Test}, so a plain build
 * never runs it): the reference consumers drain a pre-filled backlog of
 * {@code order.paid} on the test broker and database, and the run logs how many events
 * per second each consumer group committed. It asserts only that every event was applied
 * exactly once. <pre>
 * ./mvnw -B -pl infra/downstream -am verify -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dtest=OrderPaidBacklogDrainRun -Dpaypipe.drain.events=50000 [-Dpaypipe.drain.args=--downstream.concurrency=2]
 * </pre> {@code paypipe.drain.args}: space-separated options for the downstream
 * application. Both groups ({@code warehouse}, {@code points}) drain at the same time, as
 * they do in the product; the broker runs in the same JVM, so the CPU figure includes its
 * fetches.
 */
@EnabledIfSystemProperty(named = OrderPaidBacklogDrainRun.EVENTS, matches = "\\d+")
class OrderPaidBacklogDrainRun {

    static final String EVENTS = "paypipe.drain.events";

    private static final Logger log = LoggerFactory.getLogger(OrderPaidBacklogDrainRun.class);

    private static final List<String> GROUPS = List.of("warehouse", "points");

    @Test
    void drainsAPreFilledBacklogOfOrderPaid() {
        int events = Integer.getInteger(EVENTS);
        String merchant = "DRAIN-" + UUID.randomUUID().toString().substring(0, 8);
        try (DownstreamTopic<OrderPaid> topic = new DownstreamTopic<>(Topics.ORDER_PAID)) {
            // Given a backlog of distinct events already on the topic
            Map<String, Long> before = topic.lag(GROUPS);
            fill(topic.name(), merchant, events);
            log.info("drain: {} order.paid events published for merchant {}", events, merchant);

            // When the downstream application starts and drains it
            double load0 = loadAverage();
            long cpu0 = processCpuNanos();
            long t0 = System.nanoTime();
            String[] extra = System.getProperty("paypipe.drain.args", "").isBlank() ? new String[0]
                    : System.getProperty("paypipe.drain.args").trim().split("\\s+");
            ConfigurableApplicationContext downstream = DownstreamTopic.startDownstream(extra);
            try {
                long started = System.nanoTime();
                Map<String, Long> firstProgress = new LinkedHashMap<>();
                Map<String, Long> leftAtFirstProgress = new LinkedHashMap<>();
                Map<String, Long> done = new LinkedHashMap<>();
                await().atMost(Duration.ofMinutes(30)).pollInterval(Duration.ofMillis(100)).until(() -> {
                    Map<String, Long> lag = topic.lag(GROUPS);
                    long now = System.nanoTime();
                    for (String group : GROUPS) {
                        long remaining = lag.get(group) - before.get(group);
                        if (remaining < events && !firstProgress.containsKey(group)) {
                            firstProgress.put(group, now);
                            leftAtFirstProgress.put(group, remaining);
                        }
                        if (remaining == 0) {
                            done.putIfAbsent(group, now);
                        }
                    }
                    return done.size() == GROUPS.size();
                });
                long cpu = processCpuNanos() - cpu0;

                // Then (logged) each group's rate, and (asserted) every event applied
                // once
                log.info("drain: context started in {} ms; args {}; load average {} before, {} after",
                        (started - t0) / 1_000_000, List.of(extra), load0, loadAverage());
                for (String group : GROUPS) {
                    double fromStart = events / ((done.get(group) - t0) / 1e9);
                    double fromFirst = leftAtFirstProgress.get(group)
                            / ((done.get(group) - firstProgress.get(group)) / 1e9);
                    log.info(
                            "drain: group {} drained {} events in {} ms from the start: {} events/s; {} events/s "
                                    + "from its first commit (the last {} events in {} ms)",
                            group, events, (done.get(group) - t0) / 1_000_000, Math.round(fromStart),
                            Math.round(fromFirst), leftAtFirstProgress.get(group),
                            (done.get(group) - firstProgress.get(group)) / 1_000_000);
                }
                log.info("drain: JVM CPU {} ms over the drain ({} us per event per group)", cpu / 1_000_000,
                        cpu / 1_000 / events / GROUPS.size());
                JdbcClient jdbc = downstream.getBean(JdbcClient.class);
                assertThat(count(jdbc, "shipment", merchant)).isEqualTo(events);
                assertThat(count(jdbc, "points_grant", merchant)).isEqualTo(events);
            }
            finally {
                downstream.close();
            }
        }
    }

    private static long count(JdbcClient jdbc, String table, String merchant) {
        return jdbc.sql("SELECT COUNT(DISTINCT event_id) FROM " + table + " WHERE merchant_id = :m")
            .param("m", merchant)
            .query(Long.class)
            .single();
    }

    private static void fill(String topic, String merchant, int events) {
        var config = new LinkedHashMap<String, Object>();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.get().bootstrapServers());
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.LINGER_MS_CONFIG, 10);
        config.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
        try (var producer = new KafkaProducer<>(config, Topics.ORDER_PAID.keySerializer(),
                Topics.ORDER_PAID.valueSerializer())) {
            List<java.util.concurrent.Future<?>> sent = new ArrayList<>();
            for (int i = 0; i < events; i++) {
                OrderPaid paid = orderPaid(merchant, i);
                sent.add(producer.send(new ProducerRecord<>(topic, paid.orderKey().kafkaKey(), paid)));
            }
            producer.flush();
            for (var f : sent) {
                f.get();
            }
        }
        catch (Exception e) {
            throw new IllegalStateException("could not fill " + topic, e);
        }
    }

    private static OrderPaid orderPaid(String merchant, int i) {
        String trade = "4200" + merchant + String.format("%010d", i);
        OrderKey key = new OrderKey(TenantId.of("t"), MerchantId.of(merchant), OutTradeNo.of(merchant + "-" + i));
        return new OrderPaid(OrderPaid.idFor(Channel.WECHATPAY, ChannelTradeNo.of(trade)), OrderId.of(1_000_000L + i),
                key, Channel.WECHATPAY, ChannelTradeNo.of(trade), Money.of(12_800, "CNY"), Money.of(12_800, "CNY"),
                Instant.now());
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
            .getProcessCpuTime();
    }

}
