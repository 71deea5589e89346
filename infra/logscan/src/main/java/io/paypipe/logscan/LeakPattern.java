package io.paypipe.logscan;

import java.util.List;
import java.util.regex.Pattern;

/**
 * One thing no log line may hold: its name, what it guards, and the expression that finds
 * it. {@link #ALL} lists them, derived from what the sandbox and the tests' fixtures send
 * and hold: the keys (PEM, RSA private keys as base64, the fixtures' APIv3 keys, Stripe
 * secrets), the channels' raw bodies, and the payers' identifiers.
 */
record LeakPattern(String name, String kind, Pattern regex) {

    static LeakPattern of(String name, String kind, String regex) {
        return new LeakPattern(name, kind, Pattern.compile(regex));
    }

    /** Every pattern the scan looks for. */
    public static final List<LeakPattern> ALL = List.of(
            // key material
            of("pem-marker", "key", "-----BEGIN"),
            // RSA private key, PKCS#8 DER as base64 (sandbox and fixtures' keys,
            // unwrapped)
            of("rsa-private-key-pkcs8", "key", "IBADANBgkqhkiG9w0BAQEFAAS"),
            // RSA private key, PKCS#1 DER as base64
            of("rsa-private-key-pkcs1", "key", "MII[A-Za-z0-9+/]{3}IBAAKCAQEA"),
            // ingress's TestMerchant: mchid + "K3yApiV3-0123456789abcdef..."
            of("wechatpay-apiv3-test-key", "key", "K3yApiV3-"),
            of("stripe-webhook-secret", "key", "whsec_[A-Za-z0-9_]{3,}"),
            of("stripe-secret-key", "key", "sk_(test|live)_[A-Za-z0-9_]{3,}"),
            // raw bodies
            of("wechatpay-resource-ciphertext", "body", "\"ciphertext\"\\s*:"),
            of("wechatpay-resource-object", "body", "\"resource\"\\s*:\\s*\\{"),
            of("wechatpay-associated-data", "body", "\"associated_data\"\\s*:"),
            of("alipay-form-sign", "body", "(^|[&?\\s])sign=[A-Za-z0-9%+/]{8,}"),
            of("alipay-form-notify-type", "body", "notify_type=trade_status_sync"),
            of("stripe-event-json", "body", "\"object\"\\s*:\\s*\"event\""),
            // payer identifiers
            of("wechatpay-openid", "payer", "\"(sp_|sub_)?openid\"\\s*:\\s*\"[^\"]+\"|openid=o[A-Za-z0-9_-]{6,}"),
            of("wechatpay-payer-object", "payer", "\"payer\"\\s*:\\s*\\{"),
            of("alipay-buyer-id", "payer", "buyer_(user_)?id\"?\\s*[=:]\\s*\"?2088\\d{12}"),
            of("alipay-buyer-logon-id", "payer",
                    "buyer_logon_id\"?\\s*[=:]\\s*\"?[^\"&\\s,]{3,}|\\b1[3-9]\\d\\*{4}\\d{4}\\b"),
            of("stripe-customer-email", "payer",
                    "payer\\.private@example\\.com|\"(receipt_)?email\"\\s*:\\s*\"[^\"]*@"));

}
