package io.paypipe.ingress.stripe;

import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import java.time.Instant;
import java.util.regex.Pattern;

/**
 * {@code Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>][,v0=<hex>]}, read before
 * anything else so that the timestamp can be checked both ways (stripe-java refuses only
 * timestamps that are too OLD). Exactly one {@code t} and at least one {@code v1} are
 * required; other schemes ({@code v0} of test mode) are ignored, as Stripe asks.
 * {@code value} is the header as received, handed to the SDK unchanged; it never goes to
 * a log.
 */
record StripeSignatureHeader(String value, long timestamp, int v1Count) {

    static final String NAME = "Stripe-Signature";
    static final String SCHEME = "v1";

    /** A real header is about 150 characters (two v1 during a secret roll, plus v0). */
    static final int MAX_LENGTH = 1024;

    private static final Pattern UNIX_SECONDS = Pattern.compile("[0-9]{1,12}");

    static Check<StripeSignatureHeader> parse(String header) {
        if (header == null || header.isBlank()) {
            return Check.reject(Rejection.MISSING_HEADERS, "no Stripe-Signature header");
        }
        if (header.length() > MAX_LENGTH) {
            return Check.reject(Rejection.BAD_SIGNATURE, "Stripe-Signature longer than " + MAX_LENGTH + " characters");
        }
        String timestamp = null;
        int timestamps = 0;
        int v1 = 0;
        for (String item : header.split(",", -1)) {
            int eq = item.indexOf('=');
            String key = eq < 0 ? item : item.substring(0, eq);
            if (key.equals("t")) {
                timestamps++;
                timestamp = item.substring(eq + 1);
            }
            else if (key.equals(SCHEME) && eq < item.length() - 1) {
                v1++;
            }
        }
        if (timestamps != 1 || !UNIX_SECONDS.matcher(timestamp).matches()) {
            return Check.reject(Rejection.BAD_TIMESTAMP,
                    "Stripe-Signature needs exactly one t=<unix seconds> (" + timestamps + " t= items)");
        }
        if (v1 == 0) {
            return Check.reject(Rejection.BAD_SIGNATURE, "Stripe-Signature has no v1 signature");
        }
        return Check.ok(new StripeSignatureHeader(header, Long.parseLong(timestamp), v1));
    }

    Instant signedAt() {
        return Instant.ofEpochSecond(timestamp);
    }

    @Override
    public String toString() {
        // never the signatures
        return "StripeSignatureHeader[t=" + timestamp + ", v1 x" + v1Count + "]";
    }
}
