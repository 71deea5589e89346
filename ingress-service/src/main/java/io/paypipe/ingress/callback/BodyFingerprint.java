package io.paypipe.ingress.callback;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What the log may say about a body: its length and the start of its SHA-256, never the
 * content.
 */
public record BodyFingerprint(int length, String sha256Prefix) {

    public static final BodyFingerprint NONE = new BodyFingerprint(0, "-");

    public static BodyFingerprint of(byte[] body) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(body);
            return new BodyFingerprint(body.length, HexFormat.of().formatHex(digest, 0, 8));
        }
        catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always available", e);
        }
    }

    @Override
    public String toString() {
        return length + "B sha256:" + sha256Prefix;
    }
}
