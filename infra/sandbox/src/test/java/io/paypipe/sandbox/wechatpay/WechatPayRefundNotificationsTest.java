package io.paypipe.sandbox.wechatpay;

import static io.paypipe.sandbox.SandboxFixtures.directMerchant;
import static io.paypipe.sandbox.SandboxFixtures.notifications;
import static io.paypipe.sandbox.SandboxFixtures.serviceProvider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.gson.JsonObject;
import com.wechat.pay.java.core.exception.ValidationException;
import com.wechat.pay.java.core.notification.NotificationParser;
import com.wechat.pay.java.core.notification.RSAPublicKeyNotificationConfig;
import com.wechat.pay.java.core.notification.RequestParam;
import com.wechat.pay.java.service.refund.model.RefundNotification;
import com.wechat.pay.java.service.refund.model.Status;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Refund notifications as the sandbox builds them, read back by the official
 * wechatpay-java SDK.
 */
class WechatPayRefundNotificationsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final WechatPayNotifications notifications = notifications();

    @Test
    void aRefundSuccessIsParsedByTheOfficialSdkIntoARefundNotification() {
        // Given 25.00 of a 100.00 CNY payment refunded
        RefundSpec spec = RefundSpec.success(directMerchant(), null, "ORDER-3001", "4200000000202506080000000001",
                "RF-3001", 10_000, 2_500);

        // When
        SignedNotification n = notifications.refund(spec);

        // Then the SDK verifies, decrypts and maps it
        RefundNotification refund = officialParserFor(directMerchant()).parse(requestOf(n), RefundNotification.class);
        assertThat(refund.getOutTradeNo()).isEqualTo("ORDER-3001");
        assertThat(refund.getTransactionId()).isEqualTo("4200000000202506080000000001");
        assertThat(refund.getOutRefundNo()).isEqualTo("RF-3001");
        assertThat(refund.getRefundId()).isEqualTo(spec.refundId()).matches("503\\d{26}");
        assertThat(refund.getRefundStatus()).isEqualTo(Status.SUCCESS);
        assertThat(refund.getSuccessTime()).isEqualTo("2025-06-08T10:34:56+08:00");
        assertThat(refund.getAmount().getTotal()).isEqualTo(10_000L);
        assertThat(refund.getAmount().getRefund()).isEqualTo(2_500L);
        assertThat(refund.getAmount().getPayerTotal()).isEqualTo(10_000L);
        assertThat(refund.getAmount().getPayerRefund()).isEqualTo(2_500L);
        assertThat(refund.getUserReceivedAccount()).isNotBlank();
        // and the plaintext names the merchant, which RefundNotification has no field for
        JsonObject plain = officialParserFor(directMerchant()).parse(requestOf(n), JsonObject.class);
        assertThat(plain.get("mchid").getAsString()).isEqualTo("1900000100");
    }

    @Test
    void theEnvelopeIsWechatsRefundEnvelope() {
        SignedNotification n = notifications
            .refund(RefundSpec.success(directMerchant(), null, "ORDER-3002", "4200000002", "RF-3002", 100, 100));

        JsonNode envelope = JSON.readTree(n.bodyAsString());
        assertThat(n.eventType()).isEqualTo("REFUND.SUCCESS");
        assertThat(envelope.get("event_type").asString()).isEqualTo("REFUND.SUCCESS");
        assertThat(envelope.get("summary").asString()).isEqualTo("退款成功");
        assertThat(envelope.get("resource_type").asString()).isEqualTo("encrypt-resource");
        assertThat(envelope.at("/resource/original_type").asString()).isEqualTo("refund");
        assertThat(envelope.at("/resource/associated_data").asString()).isEqualTo("refund");
        assertThat(envelope.at("/resource/algorithm").asString()).isEqualTo("AEAD_AES_256_GCM");
        assertThat(n.serial()).isEqualTo(directMerchant().wechatPayKeys().publicKeyId());
    }

    @ParameterizedTest
    @EnumSource(value = RefundStatus.class, names = { "CLOSED", "ABNORMAL" })
    void closedAndAbnormalRefundsCarryTheirEventTypeAndNoSuccessTime(RefundStatus status) {
        RefundSpec spec = RefundSpec.success(directMerchant(), null, "ORDER-3003", "4200000003", "RF-3003", 999, 999)
            .withStatus(status);

        SignedNotification n = notifications.refund(spec);

        assertThat(JSON.readTree(n.bodyAsString()).get("event_type").asString()).isEqualTo("REFUND." + status.name());
        RefundNotification refund = officialParserFor(directMerchant()).parse(requestOf(n), RefundNotification.class);
        assertThat(refund.getRefundStatus()).isEqualTo(Status.valueOf(status.name()));
        assertThat(refund.getSuccessTime()).isNull();
    }

    @Test
    void aServiceProvidersRefundNamesTheProviderAndTheSubMerchant() {
        RefundSpec spec = RefundSpec.success(serviceProvider(), "1900009101", "ORDER-3004", "4200000004", "RF-3004",
                500, 200);

        SignedNotification n = notifications.refund(spec);

        JsonObject plain = officialParserFor(serviceProvider()).parse(requestOf(n), JsonObject.class);
        assertThat(plain.get("sp_mchid").getAsString()).isEqualTo("1230000109");
        assertThat(plain.get("sub_mchid").getAsString()).isEqualTo("1900009101");
        assertThat(plain.has("mchid")).isFalse();
        assertThat(officialParserFor(serviceProvider()).parse(requestOf(n), RefundNotification.class).getOutRefundNo())
            .isEqualTo("RF-3004");
    }

    @Test
    void aRefundSignedByAnotherMerchantIsRejectedByTheOfficialParser() {
        SignedNotification n = notifications.refund(
                RefundSpec.success(serviceProvider(), "1900009100", "ORDER-3005", "4200000005", "RF-3005", 100, 100));

        assertThatThrownBy(() -> officialParserFor(directMerchant()).parse(requestOf(n), RefundNotification.class))
            .isInstanceOf(ValidationException.class);
    }

    static NotificationParser officialParserFor(WechatPaySandboxMerchant merchant) {
        return officialParserFor(merchant, 0);
    }

    /**
     * The official SDK parser, configured as a merchant configures it from platform key
     * {@code index} of the file.
     */
    static NotificationParser officialParserFor(WechatPaySandboxMerchant merchant, int index) {
        var key = merchant.merchant().wechatpay().platformKeys().get(index);
        return new NotificationParser(new RSAPublicKeyNotificationConfig.Builder().publicKey(key.publicKeyPem())
            .publicKeyId(key.id())
            .apiV3Key(merchant.merchant().wechatpay().apiV3Key())
            .build());
    }

    static RequestParam requestOf(SignedNotification n) {
        return new RequestParam.Builder().serialNumber(n.header("Wechatpay-Serial"))
            .nonce(n.header("Wechatpay-Nonce"))
            .signature(n.header("Wechatpay-Signature"))
            .timestamp(n.header("Wechatpay-Timestamp"))
            .signType(n.header("Wechatpay-Signature-Type"))
            .body(new String(n.body(), StandardCharsets.UTF_8))
            .build();
    }

}
