package io.paypipe.ingress.wechatpay;

import io.paypipe.ingress.callback.FuzzRequest;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;

/**
 * The fuzz oracle's own judgement, with the JDK only (none of ingress's classes, not the
 * WeChat SDK), of whether a request as sent is a genuine WeChat delivery for one
 * merchant: {@code Wechatpay-Serial} is that merchant's platform key id,
 * {@code Wechatpay-Timestamp} is unix seconds within the replay window of now,
 * {@code Wechatpay-Signature-Type} is absent, empty (as absent: the SDK's default) or
 * {@code WECHATPAY2-SHA256-RSA2048}, and {@code Wechatpay-Signature} is a SHA256withRSA
 * signature by the platform key over {@code timestamp\nnonce\nbody\n} of the bytes sent.
 * Of a repeated header the first value counts, as a receiver reading one value takes it.
 */
final class WechatPayGenuineDelivery {

    private static final String SIGN_TYPE = "WECHATPAY2-SHA256-RSA2048";

    private final String keyId;

    private final PublicKey platformKey;

    private final Duration window;

    WechatPayGenuineDelivery(String keyId, PublicKey platformKey, Duration window) {
        this.keyId = keyId;
        this.platformKey = platformKey;
        this.window = window;
    }

    /** Empty when {@code sent} is genuine, else why not. */
    Optional<String> whyNotGenuine(FuzzRequest sent, Instant now) {
        String timestamp = sent.firstHeader("Wechatpay-Timestamp");
        String nonce = sent.firstHeader("Wechatpay-Nonce");
        String serial = sent.firstHeader("Wechatpay-Serial");
        String signature = sent.firstHeader("Wechatpay-Signature");
        String signType = sent.firstHeader("Wechatpay-Signature-Type");
        if (timestamp == null || nonce == null || serial == null || signature == null) {
            return Optional.of("a signature header is missing");
        }
        if (!keyId.equals(serial)) {
            return Optional.of("serial is not the merchant's key id");
        }
        if (signType != null && !signType.isEmpty() && !signType.equals(SIGN_TYPE)) {
            return Optional.of("signature type is not " + SIGN_TYPE);
        }
        if (!timestamp.matches("[0-9]{1,12}")) {
            return Optional.of("timestamp is not unix seconds");
        }
        if (Duration.between(Instant.ofEpochSecond(Long.parseLong(timestamp)), now).abs().compareTo(window) > 0) {
            return Optional.of("timestamp outside the replay window");
        }
        byte[] signatureBytes;
        try {
            signatureBytes = Base64.getDecoder().decode(signature);
        }
        catch (IllegalArgumentException e) {
            return Optional.of("signature is not Base64");
        }
        return verifies(timestamp, nonce, sent.body(), signatureBytes) ? Optional.empty()
                : Optional.of("signature does not verify over timestamp\\nnonce\\nbody\\n");
    }

    private boolean verifies(String timestamp, String nonce, byte[] body, byte[] signature) {
        try {
            Signature rsa = Signature.getInstance("SHA256withRSA");
            rsa.initVerify(platformKey);
            rsa.update((timestamp + "\n" + nonce + "\n").getBytes(StandardCharsets.UTF_8));
            rsa.update(body);
            rsa.update((byte) '\n');
            return rsa.verify(signature);
        }
        catch (GeneralSecurityException e) {
            return false; // e.g. a signature of the wrong length
        }
    }

}
