package io.paypipe.sandbox.stripe;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Stripe's webhook signature, with JDK crypto:
 * {@code Stripe-Signature: t=<unix seconds>,v1=<hex>} where
 * {@code v1 = hex(HMAC-SHA256(key = UTF-8 bytes of the whole "whsec_..." secret, t + "." + body))}.
 * During a secret roll Stripe signs with every active secret, one {@code v1} each;
 * test-mode events also carry a {@code v0} that receivers ignore (here random hex, as
 * only {@code v1} is ever checked).
 */
public final class StripeSignature {

    public static final String HEADER = "Stripe-Signature";

    private StripeSignature() {
    }

    /** {@code hex(HMAC-SHA256(secret, t + "." + body))} over the exact body bytes. */
    public static String v1(byte[] body, long timestamp, String secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((timestamp + ".").getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(mac.doFinal(body));
        }
        catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is always available", e);
        }
    }

    /**
     * The header value: {@code t=...}, one {@code v1=...} per secret (the first is the
     * current one), and in test mode a trailing {@code v0=...}.
     */
    public static String header(byte[] body, long timestamp, List<String> secrets, boolean testMode) {
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("at least one secret");
        }
        StringBuilder header = new StringBuilder("t=").append(timestamp);
        for (String secret : secrets) {
            header.append(",v1=").append(v1(body, timestamp, secret));
        }
        if (testMode) {
            header.append(",v0=")
                .append(HexFormat.of().formatHex(StripeIds.random(32).getBytes(StandardCharsets.US_ASCII)));
        }
        return header.toString();
    }

}
