package io.paypipe.ingress.wechatpay;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.Merchant.PlatformKey;
import io.paypipe.core.merchant.Merchant.WechatPayCredentials;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A WeChat Pay merchant for tests, with what WeChat holds for it: the platform key pair
 * that signs its notifications under {@code keyId} (RSA-2048, public half in the
 * merchants file), its APIv3 key and, while it switches from platform certificates to a
 * platform public key, a second key pair under a 40-hex certificate serial.
 */
record TestMerchant(String tenant, String mchid, List<String> subMchids, String apiV3Key, String keyId,
        KeyPair platformKeys, Optional<CertificateKey> certificateKey) {

    /** A platform certificate's key pair and serial (40 upper-case hex characters). */
    record CertificateKey(String serial, KeyPair keys) {
    }

    TestMerchant(String tenant, String mchid, List<String> subMchids, String apiV3Key, String keyId,
            KeyPair platformKeys) {
        this(tenant, mchid, subMchids, apiV3Key, keyId, platformKeys, Optional.empty());
    }

    static TestMerchant direct(String tenant, String mchid, String keyId) {
        return new TestMerchant(tenant, mchid, List.of(), apiV3Key(mchid), keyId, newKeyPair());
    }

    static TestMerchant partner(String tenant, String spMchid, List<String> subMchids, String keyId) {
        return new TestMerchant(tenant, spMchid, subMchids, apiV3Key(spMchid), keyId, newKeyPair());
    }

    /**
     * The same merchant, also holding a platform certificate key under {@code serial}.
     */
    TestMerchant withCertificateKey(String serial) {
        return new TestMerchant(tenant, mchid, subMchids, apiV3Key, keyId, platformKeys,
                Optional.of(new CertificateKey(serial, newKeyPair())));
    }

    CertificateKey certificate() {
        return certificateKey.orElseThrow(() -> new IllegalStateException(mchid + " has no certificate key"));
    }

    /**
     * The entry of the merchants file. App ids follow {@link #appIdFor}: the merchant's
     * (its sp_appid for a service provider) and one sub_appid per sub-merchant, as
     * {@link PaymentJson} puts them in payments.
     */
    Merchant toMerchant() {
        List<PlatformKey> keys = new ArrayList<>();
        keys.add(new PlatformKey(keyId, pem(platformKeys.getPublic())));
        certificateKey.ifPresent(c -> keys.add(new PlatformKey(c.serial(), pem(c.keys().getPublic()))));
        Map<String, List<String>> subAppIds = new LinkedHashMap<>();
        subMchids.forEach(sub -> subAppIds.put(sub, List.of(appIdFor(sub))));
        return new Merchant(tenant, Channel.WECHATPAY, mchid, subMchids,
                new WechatPayCredentials(apiV3Key, List.of(appIdFor(mchid)), subAppIds, keys), null, null);
    }

    /**
     * The app id a merchant (or sub-merchant) number pays in: {@code wx} + 16 characters
     * derived from it.
     */
    static String appIdFor(String mchid) {
        return "wx" + Integer.toHexString(("app|" + mchid).hashCode() | 0x10000000) + "a1b2c3d4";
    }

    private static String pem(PublicKey key) {
        String base64 = Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(key.getEncoded());
        return "-----BEGIN PUBLIC KEY-----\n" + base64 + "\n-----END PUBLIC KEY-----\n";
    }

    /** 32 ASCII characters, distinct per merchant. */
    private static String apiV3Key(String mchid) {
        return (mchid + "K3yApiV3-0123456789abcdefghijklmnop").substring(0, 32);
    }

    static KeyPair newKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        }
        catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return "TestMerchant[" + tenant + "/" + mchid + "]";
    }
}
