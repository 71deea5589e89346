package io.paypipe.core.topic;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
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

}
