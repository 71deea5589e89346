package io.paypipe.sandbox.wechatpay;

import io.paypipe.core.merchant.Merchant;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What WeChat Pay holds for one merchant (or service provider): the platform RSA-2048 key
 * pair that signs notifications and API answers, the public-key id sent in
 * {@code Wechatpay-Serial} ({@code PUB_KEY_ID_} + 32 digits) and the APIv3 key (32 ASCII
 * alphanumerics) that encrypts {@code resource}. A merchant still switching from platform
 * certificates also has a certificate key pair under a 40-hex serial. The platform
 * private keys stay in this object: they are never written anywhere. Beside them the
 * merchant's own API key ({@link MerchantApiKey}), whose public half verifies the
 * merchant's calls and whose private half the merchants file gives the merchant.
 */
public final class WechatPayMerchantKeys {

    public static final String PUBLIC_KEY_ID_PREFIX = "PUB_KEY_ID_";

    /**
     * A platform certificate's key pair and its serial number (40 upper-case hex
     * characters).
     */
    private record CertificateKey(String serial, KeyPair keyPair) {
    }

    private final KeyPair platformKeyPair;

    private final String publicKeyId;

    private final String apiV3Key;

    private final Optional<CertificateKey> certificate;

    private final MerchantApiKey merchantApiKey;

    private WechatPayMerchantKeys(KeyPair platformKeyPair, String publicKeyId, String apiV3Key,
            Optional<CertificateKey> certificate, MerchantApiKey merchantApiKey) {
        this.platformKeyPair = Objects.requireNonNull(platformKeyPair, "platformKeyPair");
        this.publicKeyId = Objects.requireNonNull(publicKeyId, "publicKeyId");
        this.apiV3Key = Objects.requireNonNull(apiV3Key, "apiV3Key");
        this.certificate = Objects.requireNonNull(certificate, "certificate");
        this.merchantApiKey = Objects.requireNonNull(merchantApiKey, "merchantApiKey");
        if (apiV3Key.getBytes(StandardCharsets.US_ASCII).length != 32 || !apiV3Key.chars().allMatch(c -> c < 128)) {
            throw new IllegalArgumentException("the APIv3 key must be 32 ASCII characters");
        }
    }

    /**
     * Fresh keys: a new RSA-2048 pair, a new public-key id, a new APIv3 key and a new
     * merchant API key.
     */
    public static WechatPayMerchantKeys generate() {
        return new WechatPayMerchantKeys(WechatPayCrypto.generateRsaKeyPair(), newPublicKeyId(),
                WechatPayCrypto.randomAlphanumeric(32), Optional.empty(), MerchantApiKey.generate());
    }

    /** These platform keys, with a fresh merchant API key. */
    public static WechatPayMerchantKeys of(KeyPair platformKeyPair, String publicKeyId, String apiV3Key) {
        return new WechatPayMerchantKeys(platformKeyPair, publicKeyId, apiV3Key, Optional.empty(),
                MerchantApiKey.generate());
    }

    /** {@code PUB_KEY_ID_} + 32 random digits. */
    public static String newPublicKeyId() {
        return PUBLIC_KEY_ID_PREFIX + WechatPayCrypto.randomDigits(32);
    }

    /** A platform certificate serial: 20 random bytes as 40 upper-case hex characters. */
    public static String newCertificateSerial() {
        byte[] serial = new byte[20];
        WechatPayCrypto.RANDOM.nextBytes(serial);
        return HexFormat.of().withUpperCase().formatHex(serial);
    }

    /**
     * These keys plus a fresh platform certificate key pair under a new 40-hex serial.
     */
    public WechatPayMerchantKeys withCertificateKey() {
        return new WechatPayMerchantKeys(platformKeyPair, publicKeyId, apiV3Key,
                Optional.of(new CertificateKey(newCertificateSerial(), WechatPayCrypto.generateRsaKeyPair())),
                merchantApiKey);
    }

    public String publicKeyId() {
        return publicKeyId;
    }

    /** The certificate serial, when the merchant has a certificate key. */
    public Optional<String> certificateSerial() {
        return certificate.map(CertificateKey::serial);
    }

    public String apiV3Key() {
        return apiV3Key;
    }

    /** The merchant's API key: verifies its calls to the sandbox's API. */
    public MerchantApiKey merchantApiKey() {
        return merchantApiKey;
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

    /**
     * The keys that sign under {@code form}: these, or (for
     * {@link SerialForm#CERTIFICATE_SERIAL}) the certificate key pair named by its
     * serial. Without a certificate key it is always these.
     */
    public WechatPayMerchantKeys signer(SerialForm form) {
        if (form == SerialForm.CERTIFICATE_SERIAL && certificate.isPresent()) {
            return new WechatPayMerchantKeys(certificate.get().keyPair(), certificate.get().serial(), apiV3Key,
                    Optional.empty(), merchantApiKey);
        }
        return new WechatPayMerchantKeys(platformKeyPair, publicKeyId, apiV3Key, Optional.empty(), merchantApiKey);
    }

    /**
     * The signer named by {@code serial} (a re-push keeps the form of the first push);
     * these keys when unknown.
     */
    public WechatPayMerchantKeys signerFor(String serial) {
        return signer(certificateSerial().filter(s -> s.equals(serial)).isPresent() ? SerialForm.CERTIFICATE_SERIAL
                : SerialForm.PUBLIC_KEY_ID);
    }

    /**
     * The same keys under another public-key id (a serial the merchant does not know).
     */
    WechatPayMerchantKeys withPublicKeyId(String otherId) {
        return new WechatPayMerchantKeys(platformKeyPair, otherId, apiV3Key, certificate, merchantApiKey);
    }

    /** The same signing key and id with another APIv3 key. */
    WechatPayMerchantKeys withApiV3Key(String otherKey) {
        return new WechatPayMerchantKeys(platformKeyPair, publicKeyId, otherKey, certificate, merchantApiKey);
    }

    /** Another signing key under this id. */
    WechatPayMerchantKeys withPlatformKeyPair(KeyPair other) {
        return new WechatPayMerchantKeys(other, publicKeyId, apiV3Key, certificate, merchantApiKey);
    }

    /** The platform key as the merchants file holds it. */
    public Merchant.PlatformKey platformKey() {
        return new Merchant.PlatformKey(publicKeyId, publicKeyPem());
    }

    /**
     * The credentials block of the merchants file: the app ids the merchant's payments
     * name ({@code appid}, or a service provider's {@code sp_appid} and per sub-merchant
     * its {@code sub_appid}), the public key, the certificate key when there is one, and
     * the merchant's own API key (serial and private key) that signs its calls.
     */
    public Merchant.WechatPayCredentials credentials(List<String> appIds, Map<String, List<String>> subAppIds) {
        List<Merchant.PlatformKey> keys = new ArrayList<>(List.of(platformKey()));
        certificate.ifPresent(c -> keys
            .add(new Merchant.PlatformKey(c.serial(), WechatPayCrypto.publicKeyPem(c.keyPair().getPublic()))));
        return new Merchant.WechatPayCredentials(apiV3Key, appIds, subAppIds, keys, merchantApiKey.serialNo(),
                merchantApiKey.privateKeyPem());
    }

    @Override
    public String toString() {
        return "WechatPayMerchantKeys[" + publicKeyId + certificate.map(c -> ", " + c.serial()).orElse("") + "]";
    }

}
