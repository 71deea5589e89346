package io.paypipe.processor.transition;

import static io.paypipe.processor.support.Fixtures.MERCHANT;
import static io.paypipe.processor.support.Fixtures.TENANT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.config.ProcessorProperties;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.test.annotation.DirtiesContext;

/**
 * Not a test: a rough measurement of how fast the processor drains a pre-filled backlog
 * of {@code payment.notify} (every record a first payment of its own pending order),
 * batch path or per-record path as {@code processor.batch.enabled} says. Nothing is
 * asserted but that the backlog drained. Run it on its own, e.g.
 *
 * <pre>
 * ./mvnw -B -pl processor-service -am verify -Dsurefire.failIfNoSpecifiedTests=false \
 *   -Dtest=BacklogDrainMeasurement -Dpaypipe.drain.records=20000 -Dprocessor.batch.enabled=false
 * </pre>
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = "logging.level.io.paypipe.processor.transition=WARN")
@DirtiesContext
@EnabledIfSystemProperty(named = "paypipe.drain.records", matches = "\\d+")
class BacklogDrainMeasurement extends ProcessorIntegrationBase {

    private static final int CHUNK = 1000;

    @Autowired
    KafkaListenerEndpointRegistry registry;

    @Autowired
    ProcessorProperties props;

    @Test
    void drainsAPreFilledBacklog() {
        int records = Integer.getInteger("paypipe.drain.records");
        String prefix = "DRN" + UUID.randomUUID().toString().replace("-", "").substring(0, 10).toUpperCase();
        MessageListenerContainer consumer = registry
            .getListenerContainer(props.batch().enabled() ? PaymentBatchConfig.ID : PaymentNotifiedListener.ID);
        consumer.pause();
        await().atMost(Duration.ofSeconds(60)).until(consumer::isContainerPaused);

        long filling = System.nanoTime();
        List<Long> rawIds = fill(prefix, records);
        publish(prefix, rawIds);
        long filled = System.nanoTime();

        consumer.resume();
        await().atMost(Duration.ofMinutes(30))
            .pollInterval(Duration.ofMillis(250))
            .until(() -> settled(prefix) == records);
        long drained = System.nanoTime();
        double seconds = (drained - filled) / 1e9;
        System.out.printf(
                "backlog drain: %d payments in %.1f s = %.0f payments/s (batch.enabled=%s, max-records=%d,"
                        + " concurrency=%d, partitions=%d; backlog filled in %.1f s)%n",
                records, seconds, records / seconds, props.batch().enabled(), props.batch().maxRecords(),
                props.concurrency(), props.topicPartitions(), (filled - filling) / 1e9);
        assertThat(settled(prefix)).isEqualTo(records);
    }

    /** The orders, pending, and their raw rows as ingress stores them; the raw ids. */
    private List<Long> fill(String prefix, int records) {
        Timestamp now = Timestamp.from(Instant.now());
        for (int from = 0; from < records; from += CHUNK) {
            var orders = new StringBuilder();
            var raws = new StringBuilder();
            for (int i = from; i < Math.min(records, from + CHUNK); i++) {
                String o = "'" + prefix + i + "'";
                orders.append(orders.isEmpty() ? "" : ",")
                    .append("('" + TENANT.value() + "','" + MERCHANT.value() + "'," + o
                            + ",'wechatpay',100,'CNY','PENDING',:now,:now)");
                raws.append(raws.isEmpty() ? "" : ",")
                    .append("('" + TENANT.value() + "','" + MERCHANT.value() + "','wechatpay','T" + prefix + i + "',"
                            + o + ",'SUCCESS',100,100,'CNY',0,'{}',:now,:now,:now)");
            }
            jdbc.sql("INSERT INTO orders (tenant_id, merchant_id, out_trade_no, channel, amount_minor, currency,"
                    + " status, created_at, updated_at) VALUES " + orders)
                .param("now", now)
                .update();
            jdbc.sql("INSERT INTO pay_notify_raw (tenant_id, merchant_id, channel, channel_trade_no, out_trade_no,"
                    + " trade_state, order_amount_minor, paid_amount_minor, currency, handled, raw_body, created_at,"
                    + " updated_at, last_delivered_at) VALUES " + raws)
                .param("now", now)
                .update();
        }
        return jdbc.sql("SELECT id FROM pay_notify_raw WHERE out_trade_no LIKE :p ORDER BY id")
            .param("p", prefix + "%")
            .query(Long.class)
            .list();
    }

    private void publish(String prefix, List<Long> rawIds) {
        Map<Long, String> outTradeNos = new java.util.HashMap<>();
        jdbc.sql("SELECT id, out_trade_no FROM pay_notify_raw WHERE out_trade_no LIKE :p")
            .param("p", prefix + "%")
            .query((rs, i) -> outTradeNos.put(rs.getLong(1), rs.getString(2)))
            .list();
        Instant at = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.get().bootstrapServers(),
                        ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.LINGER_MS_CONFIG, 20),
                new StringSerializer(), new ByteArraySerializer())) {
            for (long rawId : rawIds) {
                String outTradeNo = outTradeNos.get(rawId);
                OrderKey key = new OrderKey(TENANT, MERCHANT, OutTradeNo.of(outTradeNo));
                var n = new PaymentNotified(PaymentNotified.idFor(rawId), rawId, Channel.WECHATPAY, key, null,
                        ChannelTradeNo.of("T" + outTradeNo), PaymentState.SUCCEEDED, "SUCCESS", Money.of(100, "CNY"),
                        Money.of(100, "CNY"), at, at);
                var record = new ProducerRecord<>(Topics.PAYMENT_NOTIFY.name(), key.kafkaKey(),
                        Topics.PAYMENT_NOTIFY.valueSerializer().serialize(null, n));
                record.headers().add(NotifyHeaders.RAW_ID, NotifyHeaders.rawIdValue(rawId));
                producer.send(record);
            }
            producer.flush();
        }
    }

    private long settled(String prefix) {
        return db.count("SELECT COUNT(*) FROM pay_notify_raw WHERE out_trade_no LIKE :v AND handled = 1", prefix + "%");
    }

}
