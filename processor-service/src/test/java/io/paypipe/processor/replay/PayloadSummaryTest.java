package io.paypipe.processor.replay;

import static io.paypipe.processor.support.DeadLetterSamples.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.topic.Json;
import io.paypipe.processor.support.Fixtures;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class PayloadSummaryTest {

    private static final String OPENID = "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o";

    private static final String BUYER = "2088102177846880";

    private static final String SECRET = "whsec_d3adb33fd3adb33fd3adb33f";

    @Test
    void aNotificationIsSummarisedByIdsStateAndAmountsOnly() {
        // Given a PaymentNotified whose JSON also carries payer data and a secret (as a
        // careless producer might)
        var key = Fixtures.newOrderKey();
        var tradeNo = Fixtures.newTradeNo();
        ObjectNode json = Json.MAPPER.valueToTree(Fixtures.succeeded(4711, key, tradeNo, 10010, 10000));
        json.putObject("payer").put("openid", OPENID).put("buyer_id", BUYER);
        json.put("webhookSecret", SECRET).put("rawBody", "{\"openid\":\"" + OPENID + "\"}");
        byte[] value = Json.MAPPER.writeValueAsBytes(json);

        // When an operator looks at it
        DeadLetter d = DeadLetter.from(record(0, 3, 1_000L, key.kafkaKey(), value,
                dltHeaders("org.springframework.kafka.listener.ListenerExecutionFailedException",
                        "io.paypipe.processor.failure.OrderNotFoundException", "no order for raw 4711", 2, 9, 900L)));
        String shown = Json.MAPPER.writeValueAsString(d);

        // Then the summary names the raw row, channel, order, trade, state and amounts,
        // and nothing about the payer
        assertThat(d.payload()).isInstanceOfSatisfying(PayloadSummary.Notification.class, n -> {
            assertThat(n.rawId()).isEqualTo(4711);
            assertThat(n.channel()).isEqualTo("wechatpay");
            assertThat(n.orderKey()).isEqualTo(key.kafkaKey());
            assertThat(n.channelTradeNo()).isEqualTo(tradeNo.value());
            assertThat(n.state()).isEqualTo("SUCCEEDED");
            assertThat(n.orderAmountMinor()).isEqualTo(10010);
            assertThat(n.paidAmountMinor()).isEqualTo(10000);
        });
        assertThat(shown).doesNotContain(OPENID, BUYER, SECRET, "openid", "buyer", "rawBody", "valueBytes", "keyBytes");
        assertThat(d.errorClass()).isEqualTo("org.springframework.kafka.listener.ListenerExecutionFailedException");
        assertThat(d.causeClass()).isEqualTo("io.paypipe.processor.failure.OrderNotFoundException");
        assertThat(d.originalPartition()).isEqualTo(2);
        assertThat(d.originalOffset()).isEqualTo(9L);
        assertThat(d.headers()).containsEntry("kafka_original-offset", "9")
            .containsEntry("kafka_original-partition", "2")
            .containsEntry("kafka_original-topic", "payment.notify-retry-7");
        assertThat(d.headers().get("kafka_exception-stacktrace")).endsWith("bytes omitted>");
    }

    @Test
    void unreadableBytesShowOnlyTheirLengthAndAHashPrefix() {
        // Given a poison record whose bytes happen to contain payer data
        byte[] value = utf8("not json at all, openid=" + OPENID + " secret=" + SECRET);

        // When summarised
        DeadLetter d = DeadLetter.from(record(1, 0, 1_000L, "k", value,
                dltHeaders("org.springframework.kafka.support.serializer.DeserializationException", null,
                        "failed to deserialize", 0, 1, 900L)));

        // Then only the length and a sha256 prefix are shown
        assertThat(d.payload()).isEqualTo(
                new PayloadSummary.Unreadable(value.length, ((PayloadSummary.Unreadable) d.payload()).sha256Prefix()));
        assertThat(((PayloadSummary.Unreadable) d.payload()).sha256Prefix()).matches("[0-9a-f]{16}");
        assertThat(Json.MAPPER.writeValueAsString(d)).doesNotContain(OPENID, SECRET, "not json");
    }

    @Test
    void jsonThatIsNotAPaymentNotifiedIsUnreadable() {
        assertThat(PayloadSummary.of(utf8("{\"openid\":\"" + OPENID + "\"}")))
            .isInstanceOf(PayloadSummary.Unreadable.class);
        assertThat(PayloadSummary.of(new byte[0])).isEqualTo(new PayloadSummary.Unreadable(0,
                ((PayloadSummary.Unreadable) PayloadSummary.of(new byte[0])).sha256Prefix()));
    }

}
