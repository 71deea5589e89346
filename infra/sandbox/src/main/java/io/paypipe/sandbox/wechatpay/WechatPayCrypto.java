package io.paypipe.sandbox.wechatpay;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The channel side of WeChat Pay API v3 cryptography, with plain JDK providers:
 * SHA256withRSA (PKCS#1 v1.5) over {@code timestamp\nnonce\nbody\n}, and AEAD_AES_256_GCM
 * for {@code resource} (key = the 32 ASCII bytes of the APIv3 key, 12-byte nonce, AAD =
 * associated_data, ciphertext = base64(ct || 16-byte tag)).
 */
public final class WechatPayCrypto {

    public static final String SIGNATURE_ALGORITHM = "SHA256withRSA";

    public static final String SIGN_TYPE = "WECHATPAY2-SHA256-RSA2048";

    public static final String AEAD_ALGORITHM = "AEAD_AES_256_GCM";

    static final SecureRandom RANDOM = new SecureRandom();

    private static final String ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

    private static final String UPPER_ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

    private WechatPayCrypto() {
    }

    /**
     * The exact bytes WeChat signs: {@code timestamp\nnonce\nbody\n}, the body taken as
     * raw bytes.
     */
    public static byte[] signedMessage(String timestamp, String nonce, byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + 64);
        out.writeBytes((timestamp + "\n" + nonce + "\n").getBytes(StandardCharsets.UTF_8));
        out.writeBytes(body);
        out.write('\n');
        return out.toByteArray();
    }

    /** Base64 SHA256withRSA signature of {@code message}. */
    public static String sign(PrivateKey key, byte[] message) {
        try {
            Signature signature = Signature.getInstance(SIGNATURE_ALGORITHM);
            signature.initSign(key);
            signature.update(message);
            return Base64.getEncoder().encodeToString(signature.sign());
        }
        catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign", e);
        }
    }

    /**
     * Whether {@code base64Signature} is a valid SHA256withRSA signature of
     * {@code message}.
     */
    public static boolean verify(PublicKey key, byte[] message, String base64Signature) {
        try {
            Signature signature = Signature.getInstance(SIGNATURE_ALGORITHM);
            signature.initVerify(key);
            signature.update(message);
            return signature.verify(Base64.getDecoder().decode(base64Signature));
        }
        catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    /** AEAD_AES_256_GCM: returns base64(ciphertext || tag). */
    public static String encrypt(String apiV3Key, String nonce, String associatedData, byte[] plaintext) {
        byte[] key = apiV3Key.getBytes(StandardCharsets.UTF_8);
        if (key.length != 32) {
            throw new IllegalArgumentException("the APIv3 key must be 32 ASCII bytes");
        }
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"),
                    new GCMParameterSpec(128, nonce.getBytes(StandardCharsets.UTF_8)));
            cipher.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(cipher.doFinal(plaintext));
        }
        catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot encrypt", e);
        }
    }

    /** A fresh RSA-2048 key pair. */
    public static KeyPair generateRsaKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048, RANDOM);
            return generator.generateKeyPair();
        }
        catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot generate an RSA key pair", e);
        }
    }

    /**
     * PEM of a public key as SubjectPublicKeyInfo ({@code -----BEGIN PUBLIC KEY-----}),
     * 64-column lines.
     */
    public static String publicKeyPem(PublicKey key) {
        String base64 = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
            .encodeToString(key.getEncoded());
        return "-----BEGIN PUBLIC KEY-----\n" + base64 + "\n-----END PUBLIC KEY-----\n";
    }

    /**
     * PEM of a private key as PKCS#8 ({@code -----BEGIN PRIVATE KEY-----}), 64-column
     * lines, as WeChat's merchant tool writes {@code apiclient_key.pem}.
     */
    public static String privateKeyPem(PrivateKey key) {
        String base64 = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
            .encodeToString(key.getEncoded());
        return "-----BEGIN PRIVATE KEY-----\n" + base64 + "\n-----END PRIVATE KEY-----\n";
    }

    /** Parses a {@code -----BEGIN PUBLIC KEY-----} PEM into an RSA public key. */
    public static RSAPublicKey parsePublicKeyPem(String pem) {
        String base64 = pem.replace("-----BEGIN PUBLIC KEY-----", "")
            .replace("-----END PUBLIC KEY-----", "")
            .replaceAll("\\s", "");
        try {
            return (RSAPublicKey) KeyFactory.getInstance("RSA")
                .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
        }
        catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not an RSA public key PEM", e);
        }
    }

    /** Random letters and digits (APIv3 keys, resource nonces). */
    public static String randomAlphanumeric(int length) {
        return random(ALPHANUMERIC, length);
    }

    /**
     * Random upper-case letters and digits, the shape of {@code Wechatpay-Nonce} and
     * {@code Request-ID}.
     */
    public static String randomUpperAlphanumeric(int length) {
        return random(UPPER_ALPHANUMERIC, length);
    }

    /** Random decimal digits. */
    public static String randomDigits(int length) {
        return random("0123456789", length);
    }

    private static String random(String alphabet, int length) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append(alphabet.charAt(RANDOM.nextInt(alphabet.length())));
        }
        return sb.toString();
    }

}
