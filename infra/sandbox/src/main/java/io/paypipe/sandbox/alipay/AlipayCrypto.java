package io.paypipe.sandbox.alipay;

import java.io.ByteArrayOutputStream;
import java.net.URLEncoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * The channel side of Alipay's RSA2 notification signature, with plain JDK providers:
 * SHA256withRSA (PKCS#1 v1.5, RSA-2048) over the sorted {@code k=v} pairs joined by
 * {@code &} of every non-empty parameter except {@code sign} and {@code sign_type}, in
 * the notification's {@code charset}; Base64 signature. "Empty" is what Alipay's SDK
 * skips: null, or nothing but whitespace.
 */
public final class AlipayCrypto {

    public static final String SIGN_TYPE = "RSA2";

    public static final String SIGNATURE_ALGORITHM = "SHA256withRSA";

    static final SecureRandom RANDOM = new SecureRandom();

    private AlipayCrypto() {
    }

    /**
     * The text Alipay signs: {@code a=1&b=2...}, keys sorted by code unit (ASCII), values
     * as is (decoded).
     */
    public static String signContent(Map<String, String> params) {
        StringJoiner content = new StringJoiner("&");
        new TreeMap<>(params).forEach((key, value) -> {
            if (!key.equals("sign") && !key.equals("sign_type") && !isEmpty(key) && !isEmpty(value)) {
                content.add(key + "=" + value);
            }
        });
        return content.toString();
    }

    /**
     * The text a merchant's request to the gateway is signed over: like
     * {@link #signContent} but with {@code sign_type} kept (only {@code sign} is left
     * out), as the SDK's {@code AlipaySignature.getSignatureContent} builds it.
     */
    public static String requestSignContent(Map<String, String> params) {
        StringJoiner content = new StringJoiner("&");
        new TreeMap<>(params).forEach((key, value) -> {
            if (!key.equals("sign") && !isEmpty(key) && !isEmpty(value)) {
                content.add(key + "=" + value);
            }
        });
        return content.toString();
    }

    /**
     * Whether {@code base64Signature} is the RSA2 signature of {@code content} by the
     * holder of {@code key}'s private half.
     */
    public static boolean verifyContent(PublicKey key, String content, String base64Signature, Charset charset) {
        if (base64Signature == null) {
            return false;
        }
        try {
            Signature signature = Signature.getInstance(SIGNATURE_ALGORITHM);
            signature.initVerify(key);
            signature.update(content.getBytes(charset));
            return signature.verify(Base64.getDecoder().decode(base64Signature));
        }
        catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    /** Base64 SHA256withRSA of {@code content} encoded in {@code charset}. */
    public static String sign(PrivateKey key, String content, Charset charset) {
        try {
            Signature signature = Signature.getInstance(SIGNATURE_ALGORITHM);
            signature.initSign(key);
            signature.update(content.getBytes(charset));
            return Base64.getEncoder().encodeToString(signature.sign());
        }
        catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign", e);
        }
    }

    /** Whether {@code base64Signature} is Alipay's RSA2 signature of {@code params}. */
    public static boolean verify(PublicKey key, Map<String, String> params, String base64Signature, Charset charset) {
        try {
            Signature signature = Signature.getInstance(SIGNATURE_ALGORITHM);
            signature.initVerify(key);
            signature.update(signContent(params).getBytes(charset));
            return signature.verify(Base64.getDecoder().decode(base64Signature));
        }
        catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The {@code application/x-www-form-urlencoded} body: each key and value
     * percent-encoded in {@code charset} (space as {@code +}), pairs in the map's order.
     */
    public static byte[] formBody(Map<String, String> params, Charset charset) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        params.forEach((key, value) -> {
            if (out.size() > 0) {
                out.write('&');
            }
            out.writeBytes(URLEncoder.encode(key, charset).getBytes(StandardCharsets.US_ASCII));
            out.write('=');
            out.writeBytes(URLEncoder.encode(value, charset).getBytes(StandardCharsets.US_ASCII));
        });
        return out.toByteArray();
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
     * The public key as Alipay's console shows it: Base64 of the X.509
     * SubjectPublicKeyInfo, one line, no PEM armour.
     */
    public static String publicKeyBase64(PublicKey key) {
        return Base64.getEncoder().encodeToString(key.getEncoded());
    }

    public static PublicKey parsePublicKey(String base64) {
        try {
            return KeyFactory.getInstance("RSA")
                .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
        }
        catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not a Base64 X.509 RSA public key", e);
        }
    }

    /**
     * The private key as Alipay's key tool writes it for an app: Base64 of the PKCS#8
     * encoding, one line, no PEM armour (what the SDK's {@code DefaultAlipayClient}
     * takes).
     */
    public static String privateKeyBase64(PrivateKey key) {
        return Base64.getEncoder().encodeToString(key.getEncoded());
    }

    public static PrivateKey parsePrivateKey(String base64) {
        try {
            return KeyFactory.getInstance("RSA")
                .generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
        }
        catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not a Base64 PKCS#8 RSA private key", e);
        }
    }

    /** The public half of an RSA private key that carries it (PKCS#8 CRT form). */
    public static PublicKey publicKeyOf(PrivateKey key) {
        if (!(key instanceof RSAPrivateCrtKey crt)) {
            throw new IllegalArgumentException("not an RSA CRT private key");
        }
        try {
            return KeyFactory.getInstance("RSA")
                .generatePublic(new RSAPublicKeySpec(crt.getModulus(), crt.getPublicExponent()));
        }
        catch (GeneralSecurityException e) {
            throw new IllegalStateException("RSA is always available", e);
        }
    }

    static String randomDigits(int length) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append((char) ('0' + RANDOM.nextInt(10)));
        }
        return sb.toString();
    }

    static String randomLowerAlphanumeric(int length) {
        String alphabet = "0123456789abcdefghijklmnopqrstuvwxyz";
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append(alphabet.charAt(RANDOM.nextInt(alphabet.length())));
        }
        return sb.toString();
    }

    private static boolean isEmpty(String s) {
        return s == null || s.chars().allMatch(Character::isWhitespace);
    }

}
