package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.PROVIDER;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.Json;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * {@code POST /notify/wechatpay} on a real broker and a real MySQL-compatible database.
 */
@ExtendWith(OutputCaptureExtension.class)
class WechatPayCallbackIntegrationTest extends CallbackIntegrationSupport {

    @Test
    void aValidNotificationIsStoredOnceAndPublishedBeforeTheSuccessAck() throws Exception {
        String out = newOutTradeNo();
        String tx = newTransactionId();
        SignedNotification n = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", out, tx, 10010, 10000).json(), Instant.now());

        HttpResponse<String> response = post(n);

        assertThat(response.statusCode()).isEqualTo(204);
        assertThat(response.body()).isEmpty();
        RawRow row = singleRawRow(out);
        assertThat(row).isEqualTo(new RawRow(row.id(), "shop-a", "1900000100", null, "wechatpay", tx, out,
                envelopeId(n), "SUCCESS", "SUCCEEDED", 10010, 10000,
                OffsetDateTime.parse(PaymentJson.SUCCESS_TIME).toInstant(), "CNY", 0, n.bodyText()));
        List<ConsumerRecord<String, PaymentNotified>> records = payments.recordsFor("shop-a|1900000100|" + out);
        assertThat(records).singleElement().satisfies(r -> {
            assertCarriesRawId(r, row.id());
            PaymentNotified e = r.value();
            assertThat(e.eventId()).isEqualTo(PaymentNotified.idFor(row.id()));
            assertThat(e.rawId()).isEqualTo(row.id());
            assertThat(e.channel()).isEqualTo(Channel.WECHATPAY);
            assertThat(e.orderKey().kafkaKey()).isEqualTo(r.key());
            assertThat(e.spMerchantId()).isNull();
            assertThat(e.channelTradeNo().value()).isEqualTo(tx);
            assertThat(e.state()).isEqualTo(PaymentState.SUCCEEDED);
            assertThat(e.channelState()).isEqualTo("SUCCESS");
            assertThat(e.orderAmount()).isEqualTo(Money.of(10010, "CNY"));
            assertThat(e.paidAmount()).isEqualTo(Money.of(10000, "CNY"));
            assertThat(e.paidAt()).isEqualTo(OffsetDateTime.parse(PaymentJson.SUCCESS_TIME).toInstant());
            assertThat(e.receivedAt()).isCloseTo(Instant.now(),
                    org.assertj.core.api.Assertions.within(Duration.ofMinutes(1)));
        });
    }

    @Test
    void theSameNotificationAgainIsStoredOnceAndPublishedAgainWhileUnsettled() throws Exception {
        String out = newOutTradeNo();
        SignedNotification n = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", out, newTransactionId(), 500, 500).json(), Instant.now());

        assertThat(post(n).statusCode()).isEqualTo(204);
        assertThat(post(n).statusCode()).isEqualTo(204);

        long rawId = singleRawRow(out).id();
        assertThat(payments.recordsFor("shop-a|1900000100|" + out)).hasSize(2).allSatisfy(r -> {
            assertThat(r.value().eventId()).isEqualTo(PaymentNotified.idFor(rawId));
            assertCarriesRawId(r, rawId);
        });
    }

    @Test
    void aDuplicateOfASettledNotificationIsAckedAtOnceWithoutPublishing(CapturedOutput output) throws Exception {
        String out = newOutTradeNo();
        String payment = PaymentJson.success("1900000100", out, newTransactionId(), 700, 700).json();
        assertThat(post(SignedNotification.of(SHOP_A, payment, Instant.now())).statusCode()).isEqualTo(204);
        long rawId = singleRawRow(out).id();
        jdbc.sql("UPDATE pay_notify_raw SET handled = 1 WHERE id = :id").param("id", rawId).update();

        // WeChat pushes again: same payment, fresh timestamp, nonce and signature
        assertThat(post(SignedNotification.of(SHOP_A, payment, Instant.now())).statusCode()).isEqualTo(204);

        assertThat(singleRawRow(out).handled()).isEqualTo(1);
        assertThat(payments.recordsFor("shop-a|1900000100|" + out)).hasSize(1);
        assertThat(output).contains("duplicate notification rawId=" + rawId);
    }

    @Test
    void serviceProviderModeIsStoredUnderTheSubMerchant() throws Exception {
        String out = newOutTradeNo();
        String payment = PaymentJson.partnerSuccess("1900000300", "1900000301", out, newTransactionId(), 900, 880)
            .json();

        assertThat(post(SignedNotification.of(PROVIDER, payment, Instant.now())).statusCode()).isEqualTo(204);

        RawRow row = singleRawRow(out);
        assertThat(row.tenantId()).isEqualTo("mall");
        assertThat(row.merchantId()).isEqualTo("1900000301");
        assertThat(row.spMerchantId()).isEqualTo("1900000300");
        assertThat(payments.recordsFor("mall|1900000301|" + out)).singleElement()
            .satisfies(r -> assertThat(r.value().spMerchantId()).isEqualTo(MerchantId.of("1900000300")));
    }

    @ParameterizedTest
    @ValueSource(strings = { "NOTPAY", "USERPAYING", "ACCEPT" })
    void noMoneyYetIsAckedAndKeptInTheEventLogOnly(String tradeState) throws Exception {
        // Given a payment WeChat reports as not (yet) paid, with no transaction_id
        String out = newOutTradeNo();
        String payment = PaymentJson.success("1900000100", out, "unused", 300, 0)
            .state(tradeState)
            .without("transaction_id")
            .json();
        SignedNotification n = SignedNotification.of(SHOP_A, payment, Instant.now());

        // When
        HttpResponse<String> response = post(n);

        // Then it is acknowledged and appended to pay_notify_event, never to
        // pay_notify_raw or the topic
        assertThat(response.statusCode()).isEqualTo(204);
        assertThat(eventRows(out)).containsExactly(
                new EventRow("shop-a", "1900000100", "wechatpay", out, null, envelopeId(n), tradeState, n.bodyText()));
        assertThat(rawRows(out)).isEmpty();
        assertThat(payments.recordsFor("shop-a|1900000100|" + out)).isEmpty();
    }

    @Test
    void everyDeliveryOfAnIntermediateStateIsAppendedWithItsTransactionId() throws Exception {
        String out = newOutTradeNo();
        String tx = newTransactionId();
        String payment = PaymentJson.success("1900000100", out, tx, 300, 0).state("USERPAYING").json();

        assertThat(post(SignedNotification.of(SHOP_A, payment, Instant.now())).statusCode()).isEqualTo(204);
        assertThat(post(SignedNotification.of(SHOP_A, payment, Instant.now())).statusCode()).isEqualTo(204);

        assertThat(eventRows(out)).hasSize(2).allSatisfy(e -> assertThat(e.channelTradeNo()).isEqualTo(tx));
    }

    @Test
    void whenTheEventLogCannotBeWrittenTheIntermediateStateGetsTheFailAck() throws Exception {
        String out = newOutTradeNo();
        String payment = PaymentJson.success("1900000100", out, newTransactionId(), 300, 0).state("NOTPAY").json();
        HttpResponse<String> response;
        jdbc.sql("RENAME TABLE pay_notify_event TO pay_notify_event_away").update();
        try {
            response = post(SignedNotification.of(SHOP_A, payment, Instant.now()));
        }
        finally {
            jdbc.sql("RENAME TABLE pay_notify_event_away TO pay_notify_event").update();
        }

        assertThat(response.statusCode()).isEqualTo(500);
        assertIsFailAck(response);
        assertThat(eventRows(out)).isEmpty();
        // WeChat pushes again and this time it is kept
        assertThat(post(SignedNotification.of(SHOP_A, payment, Instant.now())).statusCode()).isEqualTo(204);
        assertThat(eventRows(out)).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = { "REFUND", "SOMETHING_NEW" })
    void aRefundTradeStateOrAnUnknownOneIsStoredAsSentForTheProcessorToPark(String tradeState) throws Exception {
        String out = newOutTradeNo();
        String payment = PaymentJson.success("1900000100", out, newTransactionId(), 400, 400).state(tradeState).json();

        assertThat(post(SignedNotification.of(SHOP_A, payment, Instant.now())).statusCode()).isEqualTo(204);

        RawRow row = singleRawRow(out);
        assertThat(row.tradeState()).isEqualTo(tradeState);
        assertThat(row.paymentState()).isEqualTo("UNKNOWN");
        assertThat(payments.recordsFor("shop-a|1900000100|" + out)).singleElement()
            .satisfies(r -> assertThat(r.value().state()).isEqualTo(PaymentState.UNKNOWN));
    }

    private static String envelopeId(SignedNotification n) {
        return Json.MAPPER.readTree(n.body()).path("id").asString();
    }

}
