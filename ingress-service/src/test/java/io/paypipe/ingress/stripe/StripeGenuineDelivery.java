package io.paypipe.ingress.stripe;

import io.paypipe.ingress.callback.FuzzRequest;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The fuzz oracle's own judgement, with {@code javax.crypto} only (none of ingress's
 * classes, not stripe-java), of whether a request as sent is a genuine Stripe delivery
 * for one endpoint secret: its {@code Stripe-Signature} (the first, if repeated) has
 * exactly one {@code t=} of unix seconds within the tolerance of now, and one of its
 * {@code v1=} values is the hex HMAC-SHA256, keyed with the secret, of
 * {@code t + "." + body} over the bytes sent.
 */
final class StripeGenuineDelivery {

    private final byte[] secret;

    private final Duration tolerance;

    StripeGenuineDelivery(String endpointSecret, Duration tolerance) {
        this.secret = endpointSecret.getBytes(StandardCharsets.UTF_8);
        this.tolerance = tolerance;
    }

    /** Empty when {@code sent} is genuine, else why not. */
    Optional<String> whyNotGenuine(FuzzRequest sent, Instant now) {
        String header = sent.firstHeader("Stripe-Signature");
        if (header == null) {
            return Optional.of("no Stripe-Signature");
        }
        String t = null;
        int timestamps = 0;
        for (String item : header.split(",", -1)) {
            if (item.startsWith("t=")) {
                t = item.substring(2);
                timestamps++;
            }
        }
        if (timestamps != 1 || !t.matches("[0-9]{1,12}")) {
            return Optional.of("not exactly one t= of unix seconds");
        }
        if (Duration.between(Instant.ofEpochSecond(Long.parseLong(t)), now).abs().compareTo(tolerance) > 0) {
            return Optional.of("t= outside the tolerance");
        }
        String expected = "v1=" + hmac(t, sent.body());
        for (String item : header.split(",", -1)) {
            if (item.equals(expected)) {
                return Optional.empty();
            }
        }
        return Optional.of("no v1= is the HMAC of t.body with the endpoint secret");
    }

    private String hmac(String t, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            mac.update((t + ".").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(body));
        }
        catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

}
