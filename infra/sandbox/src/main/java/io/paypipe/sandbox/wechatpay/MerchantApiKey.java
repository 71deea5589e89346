package io.paypipe.sandbox.wechatpay;

import java.security.KeyPair;
import java.security.PublicKey;
import java.util.Objects;

/**
 * A merchant's API key: the RSA-2048 pair of its API certificate, whose serial
 * ({@code serial_no} in the {@code Authorization} header) names it. The merchant signs
 * its calls to WeChat Pay (refund, refund query) with the private half; WeChat verifies
 * them with the public half of the certificate it issued. The sandbox makes both: it
 * keeps the public key to verify, and writes the private key and serial into the
 * merchants file for the merchant's services (refund-service).
 */
public final class MerchantApiKey {

    private final String serialNo;

    private final KeyPair keyPair;

    private MerchantApiKey(String serialNo, KeyPair keyPair) {
        this.serialNo = Objects.requireNonNull(serialNo, "serialNo");
        this.keyPair = Objects.requireNonNull(keyPair, "keyPair");
    }

    /** A fresh key pair under a fresh 40-hex certificate serial. */
    public static MerchantApiKey generate() {
        return new MerchantApiKey(WechatPayMerchantKeys.newCertificateSerial(), WechatPayCrypto.generateRsaKeyPair());
    }

    /** The serial of the merchant's API certificate (40 upper-case hex characters). */
    public String serialNo() {
        return serialNo;
    }

    /** What verifies the merchant's request signatures. */
    public PublicKey publicKey() {
        return keyPair.getPublic();
    }

    /** The private key as PKCS#8 PEM ({@code -----BEGIN PRIVATE KEY-----}). */
    public String privateKeyPem() {
        return WechatPayCrypto.privateKeyPem(keyPair.getPrivate());
    }

    /**
     * Signs {@code message} as the merchant does (Base64 SHA256withRSA): for tests that
     * call the sandbox's API without the SDK.
     */
    public String sign(byte[] message) {
        return WechatPayCrypto.sign(keyPair.getPrivate(), message);
    }

    @Override
    public String toString() {
        return "MerchantApiKey[" + serialNo + "]";
    }

}
