package io.paypipe.ingress.wechatpay;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.UUID;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.http.HttpHeaders;

/**
 * A WeChat Pay v3 notification as WeChat sends it, built with plain JDK crypto
 * (independent of the SDK under test): AEAD_AES_256_GCM-encrypted resource in the
 * envelope, SHA256withRSA over {@code timestamp\nnonce\nbody\n}, the platform key id in
 * {@code Wechatpay-Serial}.
 */
record SignedNotification(byte[] body, String timestamp, String nonce, String serial, String signature,
        String signType) {

    private static final SecureRandom RANDOM = new SecureRandom();

    /** Signed and encrypted exactly as WeChat would for {@code merchant}. */
    static SignedNotification of(TestMerchant merchant, String plaintext, Instant at) {
        return of(merchant.apiV3Key(), merchant.platformKeys().getPrivate(), merchant.keyId(), plaintext, at);
    }

    static SignedNotification of(String apiV3Key, PrivateKey signingKey, String serial, String plaintext, Instant at) {
        byte[] body = envelope(apiV3Key, plaintext).getBytes(StandardCharsets.UTF_8);
        return signed(body, signingKey, serial, at);
    }

    /**
     * Signed with the merchant's platform certificate key, named by its 40-hex serial.
     */
    static SignedNotification ofCertificate(TestMerchant merchant, String plaintext, Instant at) {
        return of(merchant.apiV3Key(), merchant.certificate().keys().getPrivate(), merchant.certificate().serial(),
                plaintext, at);
    }

    /**
     * A REFUND.* notification (event type from the refund's status) as WeChat would send
     * it for {@code merchant}.
     */
    static SignedNotification refund(TestMerchant merchant, RefundJson refund, Instant at) {
        byte[] body = envelope(merchant.apiV3Key(), refund.json(), refund.eventType(), "refund", "退款成功")
            .getBytes(StandardCharsets.UTF_8);
        return signed(body, merchant.platformKeys().getPrivate(), merchant.keyId(), at);
    }

    static SignedNotification signed(byte[] body, PrivateKey signingKey, String serial, Instant at) {
        String timestamp = Long.toString(at.getEpochSecond());
        String nonce = HexFormat.of().formatHex(randomBytes(16)).toUpperCase();
        return new SignedNotification(body, timestamp, nonce, serial, sign(signingKey, timestamp, nonce, body),
                "WECHATPAY2-SHA256-RSA2048");
    }

    SignedNotification withBody(byte[] otherBody) {
        return new SignedNotification(otherBody, timestamp, nonce, serial, signature, signType);
    }

    SignedNotification withSerial(String otherSerial) {
        return new SignedNotification(body, timestamp, nonce, otherSerial, signature, signType);
    }

    SignedNotification withSignature(String otherSignature) {
        return new SignedNotification(body, timestamp, nonce, serial, otherSignature, signType);
    }

    SignedNotification withTimestamp(String otherTimestamp) {
        return new SignedNotification(body, otherTimestamp, nonce, serial, signature, signType);
    }

    SignedNotification withSignType(String otherSignType) {
        return new SignedNotification(body, timestamp, nonce, serial, signature, otherSignType);
    }

    HttpHeaders headers() {
        HttpHeaders headers = new HttpHeaders();
        headers.set("Wechatpay-Timestamp", timestamp);
        headers.set("Wechatpay-Nonce", nonce);
        headers.set("Wechatpay-Serial", serial);
        headers.set("Wechatpay-Signature", signature);
        headers.set("Wechatpay-Signature-Type", signType);
        return headers;
    }

    String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    static String envelope(String apiV3Key, String plaintext) {
        return envelope(apiV3Key, plaintext, "TRANSACTION.SUCCESS", "transaction", "支付成功");
    }

    static String envelope(String apiV3Key, String plaintext, String eventType, String originalType, String summary) {
        String nonce = HexFormat.of().formatHex(randomBytes(6));
        String ciphertext = encrypt(apiV3Key, nonce, originalType, plaintext);
        return "{\"id\":\"" + UUID.randomUUID() + "\",\"create_time\":\"2026-11-30T10:34:57+08:00\","
                + "\"resource_type\":\"encrypt-resource\",\"event_type\":\"" + eventType + "\",\"summary\":\"" + summary
                + "\"," + "\"resource\":{\"original_type\":\"" + originalType
                + "\",\"algorithm\":\"AEAD_AES_256_GCM\",\"ciphertext\":\"" + ciphertext + "\",\"associated_data\":\""
                + originalType + "\",\"nonce\":\"" + nonce + "\"}}";
    }

    static String encrypt(String apiV3Key, String nonce, String aad, String plaintext) {
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(apiV3Key.getBytes(StandardCharsets.UTF_8), "AES"),
                    new GCMParameterSpec(128, nonce.getBytes(StandardCharsets.UTF_8)));
            cipher.updateAAD(aad.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8)));
        }
        catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static String sign(PrivateKey key, String timestamp, String nonce, byte[] body) {
        try {
            Signature signature = Signature.getInstance("SHA256withRSA");
            signature.initSign(key);
            signature.update((timestamp + "\n" + nonce + "\n").getBytes(StandardCharsets.UTF_8));
            signature.update(body);
            signature.update("\n".getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(signature.sign());
        }
        catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        RANDOM.nextBytes(bytes);
        return bytes;
    }
}
