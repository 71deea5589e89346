package io.paypipe.sandbox.wechatpay;

import io.paypipe.core.merchant.Merchant;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.List;
import java.util.Objects;

/**
 * What WeChat Pay holds for one merchant (or service provider): the platform RSA-2048 key pair that
 * signs notifications, the public-key id sent in {@code Wechatpay-Serial} ({@code PUB_KEY_ID_} + 32
 * digits) and the APIv3 key (32 ASCII alphanumerics) that encrypts {@code resource}.
 * The private key stays in this object: it is never written anywhere.
 */
public final class WechatPayMerchantKeys {

    public static final String PUBLIC_KEY_ID_PREFIX = "PUB_KEY_ID_";

    private final KeyPair platformKeyPair;
    private final String publicKeyId;
    private final String apiV3Key;

    private WechatPayMerchantKeys(KeyPair platformKeyPair, String publicKeyId, String apiV3Key) {
        this.platformKeyPair = Objects.requireNonNull(platformKeyPair, "platformKeyPair");
        this.publicKeyId = Objects.requireNonNull(publicKeyId, "publicKeyId");
        this.apiV3Key = Objects.requireNonNull(apiV3Key, "apiV3Key");
        if (apiV3Key.getBytes(StandardCharsets.US_ASCII).length != 32 || !apiV3Key.chars().allMatch(c -> c < 128)) {
            throw new IllegalArgumentException("the APIv3 key must be 32 ASCII characters");
        }
    }

    /** Fresh keys: a new RSA-2048 pair, a new public-key id and a new APIv3 key. */
    public static WechatPayMerchantKeys generate() {
        return new WechatPayMerchantKeys(WechatPayCrypto.generateRsaKeyPair(), newPublicKeyId(),
                WechatPayCrypto.randomAlphanumeric(32));
    }

    public static WechatPayMerchantKeys of(KeyPair platformKeyPair, String publicKeyId, String apiV3Key) {
        return new WechatPayMerchantKeys(platformKeyPair, publicKeyId, apiV3Key);
    }

    /** {@code PUB_KEY_ID_} + 32 random digits. */
    public static String newPublicKeyId() {
        return PUBLIC_KEY_ID_PREFIX + WechatPayCrypto.randomDigits(32);
    }

    public String publicKeyId() {
        return publicKeyId;
    }

    public String apiV3Key() {
        return apiV3Key;
    }

    public PublicKey publicKey() {
        return platformKeyPair.getPublic();
    }

    public String publicKeyPem() {
        return WechatPayCrypto.publicKeyPem(platformKeyPair.getPublic());
    }

    /** Signs {@code message} with the platform private key (Base64 SHA256withRSA). */
    public String sign(byte[] message) {
        return WechatPayCrypto.sign(platformKeyPair.getPrivate(), message);
    }

    /** The same keys under another public-key id (a serial the merchant does not know). */
    WechatPayMerchantKeys withPublicKeyId(String otherId) {
        return new WechatPayMerchantKeys(platformKeyPair, otherId, apiV3Key);
    }

    /** The same signing key and id with another APIv3 key. */
    WechatPayMerchantKeys withApiV3Key(String otherKey) {
        return new WechatPayMerchantKeys(platformKeyPair, publicKeyId, otherKey);
    }

    /** Another signing key under this id. */
    WechatPayMerchantKeys withPlatformKeyPair(KeyPair other) {
        return new WechatPayMerchantKeys(other, publicKeyId, apiV3Key);
    }

    /** The platform key as the merchants file holds it. */
    public Merchant.PlatformKey platformKey() {
        return new Merchant.PlatformKey(publicKeyId, publicKeyPem());
    }

    /** The credentials block of the merchants file. */
    public Merchant.WechatPayCredentials credentials() {
        return new Merchant.WechatPayCredentials(apiV3Key, List.of(platformKey()));
    }

    @Override
    public String toString() {
        return "WechatPayMerchantKeys[" + publicKeyId + "]";
    }
}
