package io.paypipe.ingress.wechatpay;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.Merchant.PlatformKey;
import io.paypipe.core.merchant.Merchant.WechatPayCredentials;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;

/**
 * A WeChat Pay merchant for tests, with what WeChat holds for it: the platform key pair that signs its
 * notifications (RSA-2048, public half in the merchants file) and its APIv3 key.
 */
record TestMerchant(String tenant, String mchid, List<String> subMchids, String apiV3Key, String keyId,
                    KeyPair platformKeys) {

    static TestMerchant direct(String tenant, String mchid, String keyId) {
        return new TestMerchant(tenant, mchid, List.of(), apiV3Key(mchid), keyId, newKeyPair());
    }

    static TestMerchant partner(String tenant, String spMchid, List<String> subMchids, String keyId) {
        return new TestMerchant(tenant, spMchid, subMchids, apiV3Key(spMchid), keyId, newKeyPair());
    }

    Merchant toMerchant() {
        return new Merchant(tenant, Channel.WECHATPAY, mchid, subMchids,
                new WechatPayCredentials(apiV3Key, List.of(new PlatformKey(keyId, publicKeyPem()))), null, null);
    }

    String publicKeyPem() {
        String base64 = Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(platformKeys.getPublic().getEncoded());
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
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
