package io.paypipe.downstream;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The reference consumers' once-per-event guarantee on the real broker and database: the
 * same {@code OrderPaid} delivered twice, and once more across a restart of the
 * consumers, ships once and grants points once. "Delivered" means consumed: each consumer
 * group's committed offsets reached the end of {@code order.paid}, so a second record
 * that was never read cannot make the test pass.
 */
class OrderPaidOncePerEventIntegrationTest {

    private static final List<String> GROUPS = List.of("warehouse", "points");

    private static DownstreamTopic<OrderPaid> topic;

    @BeforeAll
    static void topic() {
        topic = new DownstreamTopic<>(Topics.ORDER_PAID);
    }

    @AfterAll
    static void close() {
        topic.close();
    }

    @Test
    void theSameOrderPaidTwiceAndAgainAfterARestartShipsOnceAndGrantsPointsOnce() {
        OrderPaid paid = orderPaid(12_899);
        ConfigurableApplicationContext downstream = DownstreamTopic.startDownstream();
        JdbcClient jdbc = downstream.getBean(JdbcClient.class);
        try {
            // Given the warehouse and the points service consuming order.paid
            // When the same OrderPaid is published twice
            publish(paid);
            publish(paid);

            // Then both groups consumed both records, and the event shipped once and
            // granted its points once
            topic.awaitConsumedToTheEnd(GROUPS);
            assertOncePerEvent(jdbc, paid);
        }
        finally {
            downstream.close();
        }

        // When the consumers are stopped, the same event is published a third time and
        // they start again
        publish(paid);
        assertThat(topic.lag(GROUPS)).as("the third record waits for the restart")
            .isEqualTo(Map.of("warehouse", 1L, "points", 1L));
        downstream = DownstreamTopic.startDownstream();
        try {
            // Then the third record is consumed too, and there is still one shipment and
            // one grant
            topic.awaitConsumedToTheEnd(GROUPS);
            assertOncePerEvent(downstream.getBean(JdbcClient.class), paid);
        }
        finally {
            downstream.close();
        }
    }

    private static void assertOncePerEvent(JdbcClient jdbc, OrderPaid paid) {
        assertThat(jdbc.sql("SELECT order_id FROM shipment WHERE event_id = :id")
            .param("id", paid.eventId().value())
            .query(Long.class)
            .list()).containsExactly(paid.orderId().value());
        assertThat(jdbc.sql("SELECT points FROM points_grant WHERE event_id = :id")
            .param("id", paid.eventId().value())
            .query(Long.class)
            .list()).containsExactly(128L);
    }

    private static void publish(OrderPaid paid) {
        topic.publish(paid.orderKey().kafkaKey(), paid);
    }

    private static OrderPaid orderPaid(long fen) {
        String trade = "4200" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
        OrderKey key = new OrderKey(TenantId.of("t"), MerchantId.of("m"),
                OutTradeNo.of("DS-" + trade.substring(4, 16)));
        return new OrderPaid(OrderPaid.idFor(Channel.WECHATPAY, ChannelTradeNo.of(trade)),
                OrderId.of(ThreadLocalRandom.current().nextLong(1, 1_000_000_000)), key, Channel.WECHATPAY,
                ChannelTradeNo.of(trade), Money.of(fen, "CNY"), Money.of(fen, "CNY"), Instant.now());
    }

}
