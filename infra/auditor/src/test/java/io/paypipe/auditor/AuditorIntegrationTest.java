package io.paypipe.auditor;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
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
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The auditor against a real database and a real broker: a clean history passes, each broken invariant is
 * reported with its rows. Tests run in order of a growing history, each adding one kind of damage.
 */
class AuditorIntegrationTest {

    private static HikariDataSource dataSource;
    private static JdbcClient jdbc;
    private static Auditor auditor;

    @BeforeAll
    static void schema() {
        TestInfra infra = TestInfra.get();
        dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(infra.jdbcUrl());
        dataSource.setUsername(infra.username());
        dataSource.setPassword(infra.password());
        Flyway.configure().dataSource(dataSource).baselineOnMigrate(true).baselineVersion("0").load().migrate();
        jdbc = JdbcClient.create(dataSource);
        auditor = new Auditor(dataSource, infra.bootstrapServers(), Clock.systemUTC());
    }

    @AfterAll
    static void close() {
        dataSource.close();
    }

    @Test
    void aCleanPaidOrderAndItsEventPassAndEachDamageIsReportedWithItsRows() {
        // Given an order paid correctly: transition, ledger row, settled raw row, and its order.paid event
        long orderId = paidOrder("4200A" + UUID.randomUUID().toString().substring(0, 8), 1000, true);
        publishOrderPaidFor(orderId);

        // Then the audit is clean
        AuditReport clean = auditor.audit(Duration.ofHours(4));
        assertThat(clean.violations()).as(clean.render()).isEmpty();

        // When a ledger row appears without its transition, a raw row stays unsettled past its budget,
        // an order is refunded more than paid and an order.paid event has no ledger row
        long orphan = paidOrder("4200B" + UUID.randomUUID().toString().substring(0, 8), 500, false);
        jdbc.sql("""
                INSERT INTO pay_notify_raw (tenant_id, merchant_id, channel, channel_trade_no, out_trade_no, trade_state,
                    order_amount_minor, paid_amount_minor, currency, handled, raw_body, created_at, updated_at)
                VALUES ('t', 'm', 'wechatpay', :trade, 'o', 'SUCCESS', 1, 1, 'CNY', 0, '{}', :old, :old)""")
                .param("trade", "4200C" + UUID.randomUUID()).param("old", Timestamp.from(Instant.now().minus(Duration.ofHours(5))))
                .update();
        jdbc.sql("""
                INSERT INTO refund (refund_no, tenant_id, order_id, channel, channel_trade_no, amount_minor, currency, status,
                    created_at, updated_at)
                VALUES (:no, 't', :orderId, 'wechatpay', 'x', 1001, 'CNY', 'SUCCESS', NOW(3), NOW(3))""")
                .param("no", "R" + UUID.randomUUID().toString().substring(0, 20)).param("orderId", orderId).update();
        publish(new OrderPaid(OrderPaid.idFor(Channel.WECHATPAY, ChannelTradeNo.of("NO-SUCH-TRADE")), OrderId.of(999_999),
                key("ghost"), Channel.WECHATPAY, ChannelTradeNo.of("NO-SUCH-TRADE"), Money.of(1, "CNY"), Money.of(1, "CNY"),
                Instant.now()));

        // Then each is reported, with the rows involved
        AuditReport report = auditor.audit(Duration.ofHours(4));
        assertThat(report.clean()).isFalse();
        assertThat(report.violations()).extracting(Violation::invariant).contains(Invariant.LEDGER_MATCHES_TRANSITION,
                Invariant.RAW_SETTLED, Invariant.REFUNDS_WITHIN_PAID, Invariant.ORDER_PAID_EVENT_HAS_LEDGER);
        assertThat(report.render()).contains("VIOLATION LEDGER_MATCHES_TRANSITION").contains("order_id=" + orphan)
                .contains("NO-SUCH-TRADE");
    }

    private static long paidOrder(String tradeNo, long fen, boolean withTransition) {
        String outTradeNo = "AUD" + UUID.randomUUID().toString().substring(0, 12);
        var keys = new org.springframework.jdbc.support.GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO orders (tenant_id, merchant_id, out_trade_no, channel, amount_minor, currency, status,
                    channel_trade_no, paid_amount_minor, paid_at, created_at, updated_at)
                VALUES ('t', 'm', :o, 'wechatpay', :fen, 'CNY', 'PAID', :trade, :fen, NOW(3), NOW(3), NOW(3))""")
                .param("o", outTradeNo).param("fen", fen).param("trade", tradeNo).update(keys, "id");
        long orderId = keys.getKeyAs(Number.class).longValue();
        jdbc.sql("""
                INSERT INTO payment_ledger (order_id, tenant_id, merchant_id, channel, channel_trade_no, order_amount_minor,
                    paid_amount_minor, currency, event_id, paid_at, created_at)
                VALUES (:orderId, 't', 'm', 'wechatpay', :trade, :fen, :fen, 'CNY', :eventId, NOW(3), NOW(3))""")
                .param("orderId", orderId).param("trade", tradeNo).param("fen", fen)
                .param("eventId", OrderPaid.idFor(Channel.WECHATPAY, ChannelTradeNo.of(tradeNo)).value()).update();
        if (withTransition) {
            jdbc.sql("""
                    INSERT INTO order_transition (order_id, event, credential, from_status, to_status, created_at)
                    VALUES (:orderId, 'PAYMENT_SUCCEEDED', :trade, 'PENDING', 'PAID', NOW(3))""")
                    .param("orderId", orderId).param("trade", tradeNo).update();
        }
        return orderId;
    }

    private static void publishOrderPaidFor(long orderId) {
        var row = jdbc.sql("SELECT channel_trade_no, paid_amount_minor FROM payment_ledger WHERE order_id = :id")
                .param("id", orderId).query().singleRow();
        var trade = ChannelTradeNo.of((String) row.get("channel_trade_no"));
        long fen = ((Number) row.get("paid_amount_minor")).longValue();
        publish(new OrderPaid(OrderPaid.idFor(Channel.WECHATPAY, trade), OrderId.of(orderId), key("x"), Channel.WECHATPAY,
                trade, Money.of(fen, "CNY"), Money.of(fen, "CNY"), Instant.now()));
    }

    private static OrderKey key(String outTradeNo) {
        return new OrderKey(TenantId.of("t"), MerchantId.of("m"), OutTradeNo.of(outTradeNo));
    }

    private static void publish(OrderPaid event) {
        try (var producer = new KafkaProducer<>(Map.<String, Object>of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.get().bootstrapServers()),
                Topics.ORDER_PAID.keySerializer(), Topics.ORDER_PAID.valueSerializer())) {
            producer.send(new ProducerRecord<>(Topics.ORDER_PAID.name(), event.orderKey().kafkaKey(), event)).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
