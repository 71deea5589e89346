package io.paypipe.auditor;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.topic.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The invariants that need the output topics: every order.paid event id has its one ledger row. */
final class TopicChecks {

    private record LedgerRow(long orderId, String channel, String tradeNo) {
    }

    private final JdbcClient jdbc;
    private final String bootstrapServers;

    TopicChecks(JdbcClient jdbc, String bootstrapServers) {
        this.jdbc = jdbc;
        this.bootstrapServers = bootstrapServers;
    }

    /** Reads order.paid from the beginning to its current end and checks each record against the ledger. */
    List<Violation> run(Map<String, Long> checked) {
        Map<String, LedgerRow> ledger = new HashMap<>();
        jdbc.sql("SELECT event_id, order_id, channel, channel_trade_no FROM payment_ledger")
                .query(rs -> {
                    ledger.put(rs.getString("event_id"),
                            new LedgerRow(rs.getLong("order_id"), rs.getString("channel"), rs.getString("channel_trade_no")));
                });
        List<Map<String, Object>> bad = new ArrayList<>();
        long records = 0;
        for (ConsumerRecord<String, OrderPaid> record : readAll()) {
            records++;
            OrderPaid paid = record.value();
            LedgerRow row = paid == null ? null : ledger.get(paid.eventId().value());
            boolean matches = row != null && row.orderId() == paid.orderId().value()
                    && row.channel().equals(paid.channel().code()) && row.tradeNo().equals(paid.channelTradeNo().value());
            if (!matches && bad.size() < 50) {
                Map<String, Object> offending = new LinkedHashMap<>();
                offending.put("partition", record.partition());
                offending.put("offset", record.offset());
                offending.put("event_id", paid == null ? null : paid.eventId().value());
                offending.put("order_id", paid == null ? null : paid.orderId().value());
                offending.put("channel_trade_no", paid == null ? null : paid.channelTradeNo().value());
                offending.put("ledger", row);
                bad.add(offending);
            }
        }
        checked.put("order.paid records", records);
        return bad.isEmpty() ? List.of() : List.of(new Violation(Invariant.ORDER_PAID_EVENT_HAS_LEDGER,
                "an order.paid event without its ledger row (or with another order or trade)", bad));
    }

    private List<ConsumerRecord<String, OrderPaid>> readAll() {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.GROUP_ID_CONFIG, "auditor-" + UUID.randomUUID(),
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        List<ConsumerRecord<String, OrderPaid>> all = new ArrayList<>();
        try (var consumer = new KafkaConsumer<>(config, Topics.ORDER_PAID.keyDeserializer(),
                Topics.ORDER_PAID.valueDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(Topics.ORDER_PAID.name(), Duration.ofSeconds(10))
                    .stream().map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p)) && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(all::add);
            }
        }
        return all;
    }
}
