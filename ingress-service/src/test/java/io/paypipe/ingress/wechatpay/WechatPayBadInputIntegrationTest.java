package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_B;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.topic.Json;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Every bad input on {@code POST /notify/wechatpay}: WeChat's fail ack with a 4xx,
 * exactly one log line without secrets, and nothing stored in pay_notify_raw,
 * pay_refund_raw or pay_notify_event, nothing published.
 */
@ExtendWith(OutputCaptureExtension.class)
class WechatPayBadInputIntegrationTest extends CallbackIntegrationSupport {

    @ParameterizedTest
    @EnumSource(BadDelivery.class)
    void aBadDeliveryGetsTheFailAckOneLogLineAndNothingIsStored(BadDelivery bad, CapturedOutput output)
            throws Exception {
        // Given
        String out = newOutTradeNo();
        SignedNotification n = bad.build(out, newTransactionId());
        StoredRows before = storedRows();
        int logOffset = output.getAll().length();

        // When
        HttpResponse<String> response = post(n, bad.contentType());

        // Then
        assertThat(response.statusCode()).isEqualTo(bad.status());
        assertIsFailAck(response);
        assertThat(logLinesSince(output.getAll(), logOffset)).as("log lines").hasSize(1);
        assertThat(storedRows()).isEqualTo(before);
        assertThat(rawRows(out)).isEmpty();
        assertThat(refundRows(out)).isEmpty();
        assertThat(eventRows(out)).isEmpty();
        assertThat(payments.recordsFor("shop-a|1900000100|" + out)).isEmpty();
        assertThat(refunds.recordsFor("shop-a|1900000100|" + out)).isEmpty();
        assertThat(payments.recordsFor("mall|1900000301|" + out)).isEmpty();
    }

    @Test
    void rejectedRequestsLogNeitherTheBodyNorTheApiV3KeyNorThePayerOpenid(CapturedOutput output) throws Exception {
        var signedPayments = EnumSet.of(BadDelivery.TAMPERED_BODY, BadDelivery.SIGNED_BY_ANOTHER_KEY,
                BadDelivery.UNKNOWN_SERIAL, BadDelivery.TIMESTAMP_OUTSIDE_THE_WINDOW, BadDelivery.WRONG_APIV3_KEY,
                BadDelivery.ANOTHER_MERCHANTS_PAYMENT, BadDelivery.AMOUNT_AS_STRING, BadDelivery.UNKNOWN_MERCHANT,
                BadDelivery.A_NOTIFICATION_WITH_B_HEADERS, BadDelivery.BAD_GCM_TAG);
        for (BadDelivery bad : signedPayments) {
            String out = newOutTradeNo();
            SignedNotification n = bad.build(out, newTransactionId());

            assertThat(post(n, bad.contentType()).statusCode()).isEqualTo(bad.status());

            assertThat(output.getAll()).as(bad.name())
                .contains("wechatpay notification rejected")
                .doesNotContain(n.bodyText())
                .doesNotContain(ciphertextOf(n).substring(0, 24))
                .doesNotContain(n.signature().substring(0, 24))
                .doesNotContain(PaymentJson.openIdFor(out))
                .doesNotContain(SHOP_A.apiV3Key())
                .doesNotContain(SHOP_B.apiV3Key());
        }
    }

    @Test
    void refundsRejectedOrAcceptedLogNeitherTheBodyNorTheKeysNorTheReceivingAccount(CapturedOutput output)
            throws Exception {
        // Given a refund that is accepted, and refunds that are rejected
        String accepted = newOutTradeNo();
        SignedNotification good = SignedNotification.refund(SHOP_A,
                RefundJson.success("1900000100", accepted, newTransactionId(), Fixtures.newRefundNo(), 500, 100),
                Instant.now());
        List<SignedNotification> sent = new java.util.ArrayList<>(List.of(good));
        for (BadDelivery bad : EnumSet.of(BadDelivery.REFUND_OF_ANOTHER_MERCHANT, BadDelivery.REFUND_AMOUNT_AS_STRING,
                BadDelivery.REFUND_WITHOUT_OUT_REFUND_NO)) {
            sent.add(bad.build(newOutTradeNo(), newTransactionId()));
        }

        // When
        for (SignedNotification n : sent) {
            post(n);
        }

        // Then
        assertThat(refundRows(accepted)).hasSize(1);
        assertThat(output.getAll()).contains("refund notification published")
            .contains("wechatpay notification rejected")
            .doesNotContain("招商银行")
            .doesNotContain(SHOP_A.apiV3Key())
            .doesNotContain(SHOP_B.apiV3Key());
        for (SignedNotification n : sent) {
            assertThat(output.getAll()).doesNotContain(n.bodyText())
                .doesNotContain(ciphertextOf(n).substring(0, 24))
                .doesNotContain(n.signature().substring(0, 24));
        }
    }

    private static String ciphertextOf(SignedNotification n) {
        return Json.MAPPER.readTree(n.body()).path("resource").path("ciphertext").asString();
    }

}
