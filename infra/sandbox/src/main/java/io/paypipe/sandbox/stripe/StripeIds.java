package io.paypipe.sandbox.stripe;

import java.security.SecureRandom;

/**
 * Stripe-shaped identifiers: a type prefix and random base62 characters ({@code evt_},
 * {@code pi_}, {@code ch_}, {@code re_}, {@code pm_}, {@code txn_}, {@code req_}), and
 * webhook endpoint secrets ({@code whsec_} + 32 random base62 characters) and test-mode
 * secret API keys ({@code sk_test_} + 48).
 */
public final class StripeIds {

    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

    private static final SecureRandom RANDOM = new SecureRandom();

    private static final int ID_LENGTH = 24;

    private StripeIds() {
    }

    public static String event() {
        return "evt_" + random(ID_LENGTH);
    }

    public static String paymentIntent() {
        return "pi_" + random(ID_LENGTH);
    }

    public static String charge() {
        return "ch_" + random(ID_LENGTH);
    }

    public static String refund() {
        return "re_" + random(ID_LENGTH);
    }

    public static String paymentMethod() {
        return "pm_" + random(ID_LENGTH);
    }

    public static String balanceTransaction() {
        return "txn_" + random(ID_LENGTH);
    }

    public static String request() {
        return "req_" + random(14);
    }

    /** A webhook endpoint signing secret, {@code whsec_} + 32 random characters. */
    public static String endpointSecret() {
        return "whsec_" + random(32);
    }

    /** A test-mode secret API key, {@code sk_test_} + 48 random characters. */
    public static String secretKey() {
        return "sk_test_" + random(48);
    }

    static String random(int length) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append(BASE62.charAt(RANDOM.nextInt(BASE62.length())));
        }
        return sb.toString();
    }

}
