package io.paypipe.downstream;

import static java.util.stream.Collectors.toMap;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.embedded.TestInfra;
import java.time.Instant;
import java.util.AbstractMap.SimpleEntry;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * Fixture: {@code OrderPaid} events of one order of a merchant of its own (one key, so
 * one partition), each a payment of its own (its own event id), and what the reference
 * tables hold for that merchant, read so that a second row of an event id fails the read.
 */
record OrderPaids(OrderKey key, OrderId orderId) {

    static OrderPaids ofOneOrder() {
        String unique = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        return new OrderPaids(
                new OrderKey(TenantId.of("t"), MerchantId.of("m-" + unique), OutTradeNo.of("DS-" + unique)),
                OrderId.of(ThreadLocalRandom.current().nextLong(1, 1_000_000_000)));
    }

    /**
     * A payment of {@code fen} CNY with a trade number (and so an event id) of its own.
     */
    OrderPaid paid(long fen) {
        ChannelTradeNo trade = ChannelTradeNo
            .of("4200" + UUID.randomUUID().toString().replace("-", "").substring(0, 20));
        return new OrderPaid(OrderPaid.idFor(Channel.WECHATPAY, trade), orderId, key, Channel.WECHATPAY, trade,
                Money.of(fen, "CNY"), Money.of(fen, "CNY"), Instant.now());
    }

    /** The test database, without an application context. */
    static JdbcClient jdbc() {
        TestInfra infra = TestInfra.get();
        return JdbcClient.create(new DriverManagerDataSource(infra.jdbcUrl(), infra.username(), infra.password()));
    }

    /** Event id -> shipments of that id, for this merchant. */
    static Map<String, Long> shipments(JdbcClient jdbc, OrderPaids order) {
        return jdbc.sql("SELECT event_id, COUNT(*) FROM shipment WHERE merchant_id = :m GROUP BY event_id")
            .param("m", order.key().merchantId().value())
            .query((rs, i) -> new SimpleEntry<>(rs.getString(1), rs.getLong(2)))
            .stream()
            .collect(toMap(SimpleEntry::getKey, SimpleEntry::getValue));
    }

    /** Event id -> points granted, for this merchant; a second grant of an id throws. */
    static Map<String, Long> grantedPoints(JdbcClient jdbc, OrderPaids order) {
        return jdbc.sql("SELECT event_id, points FROM points_grant WHERE merchant_id = :m")
            .param("m", order.key().merchantId().value())
            .query((rs, i) -> new SimpleEntry<>(rs.getString(1), rs.getLong(2)))
            .stream()
            .collect(toMap(SimpleEntry::getKey, SimpleEntry::getValue));
    }

}
