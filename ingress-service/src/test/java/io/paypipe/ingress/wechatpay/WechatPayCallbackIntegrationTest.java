package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.PROVIDER;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_B;
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
import java.util.EnumSet;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** {@code POST /notify/wechatpay} on a real broker and a real MySQL-compatible database. */
@ExtendWith(OutputCaptureExtension.class)
class WechatPayCallbackIntegrationTest extends CallbackIntegrationSupport {

    @Test
    void aValidNotificationIsStoredOnceAndPublishedBeforeTheSuccessAck() throws Exception {
        String out = newOutTradeNo();
        String tx = newTransactionId();
        SignedNotification n = SignedNotification.of(SHOP_A, PaymentJson.success("1900000100", out, tx, 10010, 10000).json(),
                Instant.now());

        HttpResponse<String> response = post(n);

        assertThat(response.statusCode()).isEqualTo(204);
        assertThat(response.body()).isEmpty();
        RawRow row = singleRow(out);
        assertThat(row).isEqualTo(new RawRow(row.id(), "shop-a", "1900000100", null, "wechatpay", tx, out,
                envelopeId(n), "SUCCESS", 10010, 10000, "CNY", 0, n.bodyText()));
        List<ConsumerRecord<String, PaymentNotified>> records = topic.recordsFor("shop-a|1900000100|" + out);
        assertThat(records).singleElement().satisfies(r -> {
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
            assertThat(e.receivedAt()).isCloseTo(Instant.now(), org.assertj.core.api.Assertions.within(Duration.ofMinutes(1)));
        });
    }

    @Test
    void theSameNotificationAgainIsStoredOnceAndPublishedAgainWhileUnsettled() throws Exception {
        String out = newOutTradeNo();
        SignedNotification n = SignedNotification.of(SHOP_A, PaymentJson.success("1900000100", out, newTransactionId(), 500, 500).json(),
                Instant.now());

        assertThat(post(n).statusCode()).isEqualTo(204);
        assertThat(post(n).statusCode()).isEqualTo(204);

        long rawId = singleRow(out).id();
        assertThat(topic.recordsFor("shop-a|1900000100|" + out)).hasSize(2)
                .allSatisfy(r -> assertThat(r.value().eventId()).isEqualTo(PaymentNotified.idFor(rawId)));
    }

    @Test
    void aDuplicateOfASettledNotificationIsAckedAtOnceWithoutPublishing(CapturedOutput output) throws Exception {
        String out = newOutTradeNo();
        String payment = PaymentJson.success("1900000100", out, newTransactionId(), 700, 700).json();
        assertThat(post(SignedNotification.of(SHOP_A, payment, Instant.now())).statusCode()).isEqualTo(204);
        long rawId = singleRow(out).id();
        jdbc.sql("UPDATE pay_notify_raw SET handled = 1 WHERE id = :id").param("id", rawId).update();

        // WeChat pushes again: same payment, fresh timestamp, nonce and signature
        assertThat(post(SignedNotification.of(SHOP_A, payment, Instant.now())).statusCode()).isEqualTo(204);

        assertThat(singleRow(out).handled()).isEqualTo(1);
        assertThat(topic.recordsFor("shop-a|1900000100|" + out)).hasSize(1);
        assertThat(output).contains("duplicate notification rawId=" + rawId);
    }

    @Test
    void serviceProviderModeIsStoredUnderTheSubMerchant() throws Exception {
        String out = newOutTradeNo();
        String payment = PaymentJson.partnerSuccess("1900000300", "1900000301", out, newTransactionId(), 900, 880).json();

        assertThat(post(SignedNotification.of(PROVIDER, payment, Instant.now())).statusCode()).isEqualTo(204);

        RawRow row = singleRow(out);
        assertThat(row.tenantId()).isEqualTo("mall");
        assertThat(row.merchantId()).isEqualTo("1900000301");
        assertThat(row.spMerchantId()).isEqualTo("1900000300");
        assertThat(topic.recordsFor("mall|1900000301|" + out)).singleElement()
                .satisfies(r -> assertThat(r.value().spMerchantId()).isEqualTo(MerchantId.of("1900000300")));
    }

    @Test
    void noMoneyYetIsAckedAndNothingIsStored() throws Exception {
        String out = newOutTradeNo();
        String payment = PaymentJson.success("1900000100", out, newTransactionId(), 300, 0).state("NOTPAY").json();

        assertThat(post(SignedNotification.of(SHOP_A, payment, Instant.now())).statusCode()).isEqualTo(204);

        assertThat(rows(out)).isEmpty();
        assertThat(topic.recordsFor("shop-a|1900000100|" + out)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(BadDelivery.class)
    void badDeliveriesGetTheFailAckAndNothingIsStored(BadDelivery bad) throws Exception {
        String out = newOutTradeNo();

        HttpResponse<String> response = post(bad.build(out, newTransactionId()), bad.contentType());

        assertThat(response.statusCode()).isEqualTo(bad.status());
        assertIsFailAck(response);
        assertThat(rows(out)).isEmpty();
        assertThat(topic.recordsFor("shop-a|1900000100|" + out)).isEmpty();
    }

    @Test
    void rejectedRequestsLogNeitherTheBodyNorTheApiV3KeyNorThePayerOpenid(CapturedOutput output) throws Exception {
        var signedPayments = EnumSet.of(BadDelivery.TAMPERED_BODY, BadDelivery.SIGNED_BY_ANOTHER_KEY, BadDelivery.UNKNOWN_SERIAL,
                BadDelivery.TIMESTAMP_OUTSIDE_THE_WINDOW, BadDelivery.WRONG_APIV3_KEY, BadDelivery.ANOTHER_MERCHANTS_PAYMENT);
        for (BadDelivery bad : signedPayments) {
            String out = newOutTradeNo();
            SignedNotification n = bad.build(out, newTransactionId());

            assertThat(post(n, bad.contentType()).statusCode()).isEqualTo(bad.status());

            String ciphertext = Json.MAPPER.readTree(n.body()).path("resource").path("ciphertext").asString();
            assertThat(output.getAll()).as(bad.name())
                    .contains("wechatpay notification rejected")
                    .doesNotContain(n.bodyText())
                    .doesNotContain(ciphertext.substring(0, 24))
                    .doesNotContain(n.signature().substring(0, 24))
                    .doesNotContain(PaymentJson.openIdFor(out))
                    .doesNotContain(SHOP_A.apiV3Key()).doesNotContain(SHOP_B.apiV3Key());
        }
    }

    private static String envelopeId(SignedNotification n) {
        return Json.MAPPER.readTree(n.body()).path("id").asString();
    }
}
