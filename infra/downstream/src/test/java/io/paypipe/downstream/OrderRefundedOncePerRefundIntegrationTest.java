package io.paypipe.downstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.paypipe.core.event.OrderRefunded;
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
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The points service takes points back once per refund, on the real broker and database:
 * the same {@code OrderRefunded} delivered three times takes them back once, and a second
 * refund of the same order (another event id) takes back its own. "Delivered" means
 * consumed: the group's committed offsets reached the end of {@code order.refunded}.
 */
class OrderRefundedOncePerRefundIntegrationTest {

    private static final List<String> GROUPS = List.of("points-refunds");

    private static DownstreamTopic<OrderRefunded> topic;

    @BeforeAll
    static void topic() {
        topic = new DownstreamTopic<>(Topics.ORDER_REFUNDED);
    }

    @AfterAll
    static void close() {
        topic.close();
    }

    @Test
    void theSameRefundThreeTimesTakesPointsBackOnceAndAnotherRefundOfTheOrderTakesBackItsOwn() {
        // Given the points service consuming order.refunded, and two refunds of one order
        // of 128.99 CNY: 30.99 (RF-1) and 12.00 (RF-2)
        OrderKey order = new OrderKey(TenantId.of("t"), MerchantId.of("m"),
                OutTradeNo.of("DS-" + UUID.randomUUID().toString().substring(0, 12)));
        OrderId orderId = OrderId.of(ThreadLocalRandom.current().nextLong(1, 1_000_000_000));
        OrderRefunded first = refunded(order, orderId, "RF-1-" + order.outTradeNo(), 3_099, 3_099);
        OrderRefunded second = refunded(order, orderId, "RF-2-" + order.outTradeNo(), 1_200, 4_299);
        ConfigurableApplicationContext downstream = DownstreamTopic.startDownstream();
        try {
            JdbcClient jdbc = downstream.getBean(JdbcClient.class);

            // When the first refund's event is published three times, the second once
            publish(first);
            publish(first);
            publish(first);
            publish(second);

            // Then every record was consumed, and each refund took its points back once
            topic.awaitConsumedToTheEnd(GROUPS);
            assertThat(jdbc.sql("""
                    SELECT event_id, refund_no, points FROM points_take_back WHERE order_id = :order ORDER BY id
                    """)
                .param("order", orderId.value())
                .query((rs, i) -> tuple(rs.getString(1), rs.getString(2), rs.getLong(3)))
                .list()).containsExactly(tuple(first.eventId().value(), first.refundNo(), 30L),
                        tuple(second.eventId().value(), second.refundNo(), 12L));
        }
        finally {
            downstream.close();
        }
    }

    private static void publish(OrderRefunded refunded) {
        topic.publish(refunded.orderKey().kafkaKey(), refunded);
    }

    private static OrderRefunded refunded(OrderKey order, OrderId orderId, String refundNo, long fen,
            long refundedTotalFen) {
        return new OrderRefunded(OrderRefunded.idFor(order, refundNo), orderId, order, Channel.WECHATPAY,
                ChannelTradeNo.of("4200" + order.outTradeNo()), refundNo, "5030" + refundNo, Money.of(fen, "CNY"),
                Money.of(refundedTotalFen, "CNY"), Instant.now());
    }

}
