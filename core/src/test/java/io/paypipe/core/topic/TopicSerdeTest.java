package io.paypipe.core.topic;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.NotificationSettled;
import io.paypipe.core.event.NotificationUnsettled;
import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.raw.RawOutcome;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TopicSerdeTest {

    private static final OrderKey KEY = new OrderKey(TenantId.of("shop"), MerchantId.of("1900000100"),
            OutTradeNo.of("O-1"));

    @Test
    void paymentNotifiedRoundTripsThroughItsTopicWithoutTypeHeaders() {
        var event = new PaymentNotified(PaymentNotified.idFor(7), 7, Channel.WECHATPAY, KEY, null,
                ChannelTradeNo.of("4200001"), PaymentState.SUCCEEDED, "SUCCESS", Money.of(10010, "CNY"),
                Money.of(10000, "CNY"), Instant.parse("2026-11-30T01:02:03Z"), Instant.parse("2026-11-30T01:02:04Z"));
        Topic<PaymentNotified> topic = Topics.PAYMENT_NOTIFY;

        byte[] bytes = topic.valueSerializer().serialize(topic.name(), event);

        assertThat(new String(bytes, StandardCharsets.UTF_8)).contains("\"merchantId\":\"1900000100\"")
            .contains("\"minor\":10010");
        assertThat(topic.valueDeserializer().deserialize(topic.name(), bytes)).isEqualTo(event);
    }

    @Test
    void orderPaidEventIdIsTheSameForTheSamePayment() {
        var a = OrderPaid.idFor(Channel.WECHATPAY, ChannelTradeNo.of("4200001"));
        var b = OrderPaid.idFor(Channel.WECHATPAY, ChannelTradeNo.of("4200001"));
        var other = OrderPaid.idFor(Channel.ALIPAY, ChannelTradeNo.of("4200001"));

        assertThat(a).isEqualTo(b).isNotEqualTo(other);
        assertThat(new OrderPaid(a, OrderId.of(1), KEY, Channel.WECHATPAY, ChannelTradeNo.of("4200001"),
                Money.of(1, "CNY"), Money.of(1, "CNY"), Instant.EPOCH)
            .eventId()).isEqualTo(b);
    }

    @Test
    void catalogueHoldsTheSettlementUnsettledAndQueryTopics() {
        assertThat(Topics.all()).extracting(Topic::name)
            .contains("payment.settled", "payment.unsettled", "payment.query")
            .doesNotHaveDuplicates();
        assertThat(Topics.PAYMENT_SETTLED.valueType()).isEqualTo(NotificationSettled.class);
        assertThat(Topics.PAYMENT_UNSETTLED.valueType()).isEqualTo(NotificationUnsettled.class);
        assertThat(Topics.PAYMENT_QUERY.valueType()).isEqualTo(PaymentQueryDue.class);
    }

    @Test
    void settlementAndUnsettledEventsRoundTripThroughTheirTopics() {
        var settled = new NotificationSettled(NotificationSettled.idFor(7, RawOutcome.APPLIED),
                PaymentNotified.idFor(7), 7, Channel.ALIPAY, KEY, RawOutcome.APPLIED,
                Instant.parse("2026-11-30T01:02:05Z"));
        var unsettled = new NotificationUnsettled(NotificationUnsettled.idFor(PaymentNotified.idFor(7)),
                PaymentNotified.idFor(7), 7, Channel.ALIPAY, KEY, Instant.parse("2026-11-30T01:02:04Z"),
                Instant.parse("2026-11-30T01:12:04Z"));
        var query = new PaymentQueryDue(EventId.of("q-1"), KEY, null, Channel.ALIPAY,
                PaymentQueryDue.Reason.UNVERIFIED_CALLBACK, 2, Instant.parse("2026-11-30T01:05:00Z"),
                Instant.parse("2026-11-30T03:00:00Z"));

        assertThat(roundTrip(Topics.PAYMENT_SETTLED, settled)).isEqualTo(settled);
        assertThat(roundTrip(Topics.PAYMENT_UNSETTLED, unsettled)).isEqualTo(unsettled);
        assertThat(roundTrip(Topics.PAYMENT_QUERY, query)).isEqualTo(query);
    }

    @Test
    void settlementIdIsPerRowAndOutcomeAndUnsettledIdPerNotification() {
        assertThat(NotificationSettled.idFor(7, RawOutcome.APPLIED))
            .isEqualTo(NotificationSettled.idFor(7, RawOutcome.APPLIED))
            .isNotEqualTo(NotificationSettled.idFor(7, RawOutcome.DUPLICATE))
            .isNotEqualTo(NotificationSettled.idFor(8, RawOutcome.APPLIED));
        assertThat(NotificationUnsettled.idFor(PaymentNotified.idFor(7)))
            .isEqualTo(NotificationUnsettled.idFor(PaymentNotified.idFor(7)))
            .isNotEqualTo(NotificationUnsettled.idFor(PaymentNotified.idFor(8)));
    }

    private static <V> V roundTrip(Topic<V> topic, V value) {
        return topic.valueDeserializer()
            .deserialize(topic.name(), topic.valueSerializer().serialize(topic.name(), value));
    }

}
