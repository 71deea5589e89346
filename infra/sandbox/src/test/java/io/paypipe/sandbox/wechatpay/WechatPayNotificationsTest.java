package io.paypipe.sandbox.wechatpay;

import static io.paypipe.sandbox.SandboxFixtures.directMerchant;
import static io.paypipe.sandbox.SandboxFixtures.notifications;
import static io.paypipe.sandbox.SandboxFixtures.payment;
import static io.paypipe.sandbox.SandboxFixtures.serviceProvider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.wechat.pay.java.core.exception.DecryptionException;
import com.wechat.pay.java.core.exception.ValidationException;
import com.wechat.pay.java.core.notification.NotificationParser;
import com.wechat.pay.java.core.notification.RSAPublicKeyNotificationConfig;
import com.wechat.pay.java.core.notification.RequestParam;
import com.wechat.pay.java.service.payments.model.Transaction;
import io.paypipe.sandbox.SandboxFixtures;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class WechatPayNotificationsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final WechatPayNotifications notifications = notifications();

    /**
     * The official SDK parser, configured as a merchant configures it from the merchants
     * file.
     */
    private static NotificationParser officialParserFor(WechatPaySandboxMerchant merchant) {
        return new NotificationParser(new RSAPublicKeyNotificationConfig.Builder()
            .publicKey(merchant.merchant().wechatpay().platformKeys().getFirst().publicKeyPem())
            .publicKeyId(merchant.merchant().wechatpay().platformKeys().getFirst().id())
            .apiV3Key(merchant.merchant().wechatpay().apiV3Key())
            .build());
    }

    private static RequestParam requestOf(SignedNotification n) {
        return new RequestParam.Builder().serialNumber(n.header("Wechatpay-Serial"))
            .nonce(n.header("Wechatpay-Nonce"))
            .signature(n.header("Wechatpay-Signature"))
            .timestamp(n.header("Wechatpay-Timestamp"))
            .signType(n.header("Wechatpay-Signature-Type"))
            .body(new String(n.body(), StandardCharsets.UTF_8))
            .build();
    }

    @Test
    void notificationIsAcceptedByTheOfficialParser() {
        // Given a successful payment of 100.00 CNY, 99.00 paid by the payer
        PaymentSpec spec = payment("ORDER-1001").withPayerTotalFen(9_900);

        // When the sandbox builds the notification
        SignedNotification notification = notifications.transactionSuccess(spec);

        // Then the official SDK verifies and decrypts it into the same payment
        Transaction tx = officialParserFor(directMerchant()).parse(requestOf(notification), Transaction.class);
        assertThat(tx.getOutTradeNo()).isEqualTo("ORDER-1001");
        assertThat(tx.getTransactionId()).isEqualTo(spec.transactionId()).matches("\\d{28}");
        assertThat(tx.getMchid()).isEqualTo("1900000100");
        assertThat(tx.getAppid()).isEqualTo(directMerchant().appId());
        assertThat(tx.getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
        assertThat(tx.getTradeType()).isEqualTo(Transaction.TradeTypeEnum.JSAPI);
        assertThat(tx.getAmount().getTotal()).isEqualTo(10_000);
        assertThat(tx.getAmount().getPayerTotal()).isEqualTo(9_900);
        assertThat(tx.getAmount().getCurrency()).isEqualTo("CNY");
        assertThat(tx.getAmount().getPayerCurrency()).isEqualTo("CNY");
        assertThat(tx.getSuccessTime()).isEqualTo("2025-06-08T10:34:56+08:00");
        assertThat(tx.getPayer().getOpenid()).startsWith("o").hasSize(28);
    }

    @Test
    void notificationHasWechatsHeadersAndEnvelope() {
        // Given / When
        SignedNotification notification = notifications.transactionSuccess(payment("ORDER-1002"));

        // Then the headers are WeChat's, signed over timestamp\nnonce\nbody\n with the
        // platform key
        assertThat(notification.headers()).containsKeys("Content-Type", "Request-ID", "Wechatpay-Timestamp",
                "Wechatpay-Nonce", "Wechatpay-Serial", "Wechatpay-Signature", "Wechatpay-Signature-Type");
        assertThat(notification.header("Content-Type")).isEqualTo("application/json");
        assertThat(notification.timestamp()).isEqualTo(Long.toString(SandboxFixtures.NOW.getEpochSecond()));
        assertThat(notification.serial()).isEqualTo(directMerchant().wechatPayKeys().publicKeyId())
            .matches("PUB_KEY_ID_\\d{32}");
        assertThat(notification.signatureType()).isEqualTo("WECHATPAY2-SHA256-RSA2048");
        byte[] message = (notification.timestamp() + "\n" + notification.nonce() + "\n" + notification.bodyAsString()
                + "\n")
            .getBytes(StandardCharsets.UTF_8);
        assertThat(
                WechatPayCrypto.verify(directMerchant().wechatPayKeys().publicKey(), message, notification.signature()))
            .isTrue();

        // And the envelope is WeChat's
        JsonNode envelope = JSON.readTree(notification.bodyAsString());
        assertThat(envelope.get("id").asString()).isEqualTo(notification.id()).hasSize(36);
        assertThat(envelope.get("create_time").asString()).isEqualTo("2025-06-08T10:34:56+08:00");
        assertThat(envelope.get("resource_type").asString()).isEqualTo("encrypt-resource");
        assertThat(envelope.get("event_type").asString()).isEqualTo("TRANSACTION.SUCCESS");
        assertThat(envelope.get("summary").asString()).isEqualTo("支付成功");
        JsonNode resource = envelope.get("resource");
        assertThat(resource.get("original_type").asString()).isEqualTo("transaction");
        assertThat(resource.get("algorithm").asString()).isEqualTo("AEAD_AES_256_GCM");
        assertThat(resource.get("associated_data").asString()).isEqualTo("transaction");
        assertThat(resource.get("nonce").asString()).hasSize(12);
    }

    @Test
    void partnerNotificationIsAcceptedByTheOfficialParser() {
        // Given a payment to sub-merchant 1900009101 of the service provider
        PaymentSpec spec = PaymentSpec.success(serviceProvider(), "1900009101", "ORDER-2001", 500);

        // When
        SignedNotification notification = notifications.transactionSuccess(spec);

        // Then the SDK's partner model reads the sp/sub fields
        var tx = officialParserFor(serviceProvider()).parse(requestOf(notification),
                com.wechat.pay.java.service.partnerpayments.jsapi.model.Transaction.class);
        assertThat(tx.getSpMchid()).isEqualTo("1230000109");
        assertThat(tx.getSubMchid()).isEqualTo("1900009101");
        assertThat(tx.getSpAppid()).isEqualTo(serviceProvider().appId());
        assertThat(tx.getSubAppid()).isEqualTo(serviceProvider().subAppId("1900009101"));
        assertThat(tx.getOutTradeNo()).isEqualTo("ORDER-2001");
        assertThat(tx.getAmount().getTotal()).isEqualTo(500);
        assertThat(tx.getPayer().getSpOpenid()).isNotBlank();
    }

    @Test
    void otherTradeStatesAreSentAsGiven() {
        // Given a payment that WeChat reports as closed
        PaymentSpec spec = payment("ORDER-1003").withTradeState(TradeState.CLOSED);

        // When / Then
        Transaction tx = officialParserFor(directMerchant()).parse(requestOf(notifications.transactionSuccess(spec)),
                Transaction.class);
        assertThat(tx.getTradeState()).isEqualTo(Transaction.TradeStateEnum.CLOSED);
        assertThat(tx.getTradeStateDesc()).isEqualTo("已关闭");
        assertThat(tx.getSuccessTime()).isNull();
    }

    @Test
    void tamperedBodyIsRejectedByTheOfficialParser() {
        SignedNotification tampered = notifications.tamperedBody(payment("ORDER-1004"));

        assertThatThrownBy(() -> officialParserFor(directMerchant()).parse(requestOf(tampered), Transaction.class))
            .isInstanceOf(ValidationException.class);
    }

    @Test
    void signatureByAnotherKeyIsRejectedByTheOfficialParser() {
        SignedNotification forged = notifications.signedByAnotherKey(payment("ORDER-1005"));

        assertThat(forged.serial()).isEqualTo(directMerchant().wechatPayKeys().publicKeyId());
        assertThatThrownBy(() -> officialParserFor(directMerchant()).parse(requestOf(forged), Transaction.class))
            .isInstanceOf(ValidationException.class);
    }

    @Test
    void unknownSerialIsRejectedByTheOfficialParser() {
        SignedNotification unknown = notifications.unknownSerial(payment("ORDER-1006"));

        assertThat(unknown.serial()).isNotEqualTo(directMerchant().wechatPayKeys().publicKeyId());
        assertThatThrownBy(() -> officialParserFor(directMerchant()).parse(requestOf(unknown), Transaction.class))
            .isInstanceOf(ValidationException.class);
    }

    @Test
    void signTestProbeIsRejectedByTheOfficialParser() {
        SignedNotification probe = notifications.signTestProbe(payment("ORDER-1007"));

        assertThat(probe.signature()).startsWith("WECHATPAY/SIGNTEST/");
        assertThatThrownBy(() -> officialParserFor(directMerchant()).parse(requestOf(probe), Transaction.class))
            .isInstanceOf(ValidationException.class);
    }

    @Test
    void wrongApiV3KeyFailsDecryptionInTheOfficialParser() {
        SignedNotification undecryptable = notifications.encryptedWithWrongApiV3Key(payment("ORDER-1008"));

        assertThatThrownBy(() -> officialParserFor(directMerchant()).parse(requestOf(undecryptable), Transaction.class))
            .isInstanceOf(DecryptionException.class);
    }

    @Test
    void shiftedTimestampIsValidlySignedSoOnlyTheReceiversWindowCatchesIt() {
        // Given / When a notification stamped ten minutes ago
        SignedNotification old = notifications.timestampShifted(payment("ORDER-1009"), Duration.ofMinutes(-10));

        // Then it carries the old time, and the SDK (which has no replay window) still
        // accepts it
        assertThat(Long.parseLong(old.timestamp())).isEqualTo(SandboxFixtures.NOW.getEpochSecond() - 600);
        assertThat(officialParserFor(directMerchant()).parse(requestOf(old), Transaction.class).getOutTradeNo())
            .isEqualTo("ORDER-1009");
    }

    @Test
    void resignedNotificationKeepsTheBodyAndVerifies() {
        SignedNotification original = notifications.transactionSuccess(payment("ORDER-1010"));

        SignedNotification resigned = notifications.resign(original, directMerchant());

        assertThat(resigned.body()).isEqualTo(original.body());
        assertThat(resigned.nonce()).isNotEqualTo(original.nonce());
        assertThat(officialParserFor(directMerchant()).parse(requestOf(resigned), Transaction.class).getOutTradeNo())
            .isEqualTo("ORDER-1010");
    }

    @Test
    void transactionIdsAreTwentyEightDigitsAndUnique() {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 1_000; i++) {
            ids.add(notifications.newTransactionId());
        }
        assertThat(ids).hasSize(1_000).allMatch(id -> id.matches("42000" + "20250608" + "\\d{15}"));
    }

}
