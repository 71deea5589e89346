package io.paypipe.sandbox.wechatpay;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds WeChat Pay API v3 notifications byte for byte as WeChat sends them: the envelope
 * ({@code id, create_time, resource_type, event_type, summary, resource}), the
 * AEAD_AES_256_GCM-encrypted transaction or refund, and the SHA256withRSA signature over
 * {@code timestamp\nnonce\nbody\n} with the merchant's platform key, named by its id in
 * {@code Wechatpay-Serial}. A merchant that also has a platform certificate key gets
 * every other notification signed with that one, under its 40-hex serial, as WeChat does
 * while a merchant switches from certificates to a public key.
 * <p>
 * Besides honest notifications it builds the ones a receiver must reject: tampered body,
 * signature by another key, unknown serial, shifted timestamp, wrong APIv3 key, and
 * {@code WECHATPAY/SIGNTEST/} probes.
 */
public final class WechatPayNotifications {

    public static final String EVENT_TRANSACTION_SUCCESS = "TRANSACTION.SUCCESS";

    public static final String SUMMARY_TRANSACTION_SUCCESS = "支付成功";

    public static final String RESOURCE_TYPE = "encrypt-resource";

    public static final String ORIGINAL_TYPE_TRANSACTION = "transaction";

    public static final String SIGNTEST_PREFIX = "WECHATPAY/SIGNTEST/";

    /** China Standard Time, the offset of every WeChat timestamp string. */
    public static final ZoneOffset CHINA = ZoneOffset.ofHours(8);

    /** RFC 3339 with the +08:00 offset, e.g. {@code 2018-06-08T10:34:56+08:00}. */
    public static final DateTimeFormatter RFC3339 = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX")
        .withZone(CHINA);

    private static final JsonMapper JSON = JsonMapper.builder().build();

    public static final String ORIGINAL_TYPE_REFUND = "refund";

    private final Clock clock;

    private final AtomicLong signed = new AtomicLong();

    private volatile KeyPair strangerKeyPair;

    public WechatPayNotifications(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public Clock clock() {
        return clock;
    }

    /** A fresh 28-digit transaction_id dated by this builder's clock. */
    public String newTransactionId() {
        return TransactionIds.next(clock.instant());
    }

    // ---------------------------------------------------------------- honest
    // notifications

    /**
     * A {@code TRANSACTION.SUCCESS} notification for {@code spec}, signed now (by the
     * clock). WeChat only notifies {@code trade_state=SUCCESS}; another
     * {@link TradeState} in the spec is sent as is, which lets tests exercise the
     * receiver's unknown-state path.
     */
    public SignedNotification transactionSuccess(PaymentSpec spec) {
        return transactionSuccess(spec, nextForm(spec.merchant()));
    }

    /**
     * Like {@link #transactionSuccess(PaymentSpec)}, signed with the key of the given
     * serial form.
     */
    public SignedNotification transactionSuccess(PaymentSpec spec, SerialForm form) {
        WechatPayMerchantKeys keys = spec.merchant().wechatPayKeys();
        return build(spec, keys, keys.signer(form), Duration.ZERO);
    }

    /**
     * A REFUND.SUCCESS / REFUND.CLOSED / REFUND.ABNORMAL notification for {@code spec},
     * signed now.
     */
    public SignedNotification refund(RefundSpec spec) {
        return refund(spec, nextForm(spec.merchant()));
    }

    /** Like {@link #refund(RefundSpec)}, signed with the key of the given serial form. */
    public SignedNotification refund(RefundSpec spec, SerialForm form) {
        Instant now = clock.instant();
        String id = UUID.randomUUID().toString();
        WechatPayMerchantKeys keys = spec.merchant().wechatPayKeys();
        byte[] body = envelope(id, now, spec.status().eventType(), spec.status().summary(), ORIGINAL_TYPE_REFUND,
                ResourceJson.refund(spec, now), keys);
        return sign(id, spec.status().eventType(), body, keys.signer(form), now);
    }

    /**
     * The same body with a fresh timestamp, nonce, Request-ID and signature, as if WeChat
     * re-signed it, by the key named in its {@code Wechatpay-Serial}. (A plain
     * {@code NotificationPusher.push(n)} does not re-sign.)
     */
    public SignedNotification resign(SignedNotification notification, WechatPaySandboxMerchant merchant) {
        return sign(notification.id(), notification.eventType(), notification.body(),
                merchant.wechatPayKeys().signerFor(notification.serial()), clock.instant());
    }

    /**
     * The decrypted {@code resource} for {@code spec}: the transaction JSON with WeChat's
     * field names.
     */
    public String transactionJson(PaymentSpec spec) {
        return new String(ResourceJson.transaction(spec, clock.instant()), StandardCharsets.UTF_8);
    }

    /**
     * The decrypted {@code resource} for {@code spec}: the refund JSON with WeChat's
     * field names.
     */
    public String refundJson(RefundSpec spec) {
        return new String(ResourceJson.refund(spec, clock.instant()), StandardCharsets.UTF_8);
    }

    // ---------------------------------------------------------------- misbehaviour

    /**
     * Signed over the honest body, sent with another body: the amounts of {@code spec}
     * times 100, encrypted with the right APIv3 key. Only the signature check can catch
     * it.
     */
    public SignedNotification tamperedBody(PaymentSpec spec) {
        SignedNotification honest = transactionSuccess(spec);
        PaymentSpec inflated = spec.withTotalFen(spec.totalFen() * 100).withPayerTotalFen(spec.payerTotalFen() * 100);
        byte[] otherBody = transactionEnvelope(honest.id(), clock.instant(), inflated, spec.merchant().wechatPayKeys());
        return honest.withBody(otherBody);
    }

    /**
     * Correct in every way except that an unrelated RSA key signed it (under the
     * merchant's serial).
     */
    public SignedNotification signedByAnotherKey(PaymentSpec spec) {
        WechatPayMerchantKeys keys = spec.merchant().wechatPayKeys();
        return build(spec, keys, keys.withPlatformKeyPair(strangerKeyPair()), Duration.ZERO);
    }

    /**
     * Validly signed, but {@code Wechatpay-Serial} names a public-key id the merchant
     * does not know.
     */
    public SignedNotification unknownSerial(PaymentSpec spec) {
        WechatPayMerchantKeys keys = spec.merchant().wechatPayKeys();
        return build(spec, keys, keys.withPublicKeyId(WechatPayMerchantKeys.newPublicKeyId()), Duration.ZERO);
    }

    /**
     * Validly signed with {@code Wechatpay-Timestamp} = now + {@code shift} (negative =
     * in the past: a replay).
     */
    public SignedNotification timestampShifted(PaymentSpec spec, Duration shift) {
        WechatPayMerchantKeys keys = spec.merchant().wechatPayKeys();
        return build(spec, keys, keys, shift);
    }

    /**
     * Validly signed, but {@code resource} is encrypted with another APIv3 key:
     * decryption fails.
     */
    public SignedNotification encryptedWithWrongApiV3Key(PaymentSpec spec) {
        WechatPayMerchantKeys keys = spec.merchant().wechatPayKeys();
        return build(spec, keys.withApiV3Key(WechatPayCrypto.randomAlphanumeric(32)), keys, Duration.ZERO);
    }

    /**
     * A signature probe as WeChat sends them to check that merchants verify: an honest
     * notification whose {@code Wechatpay-Signature} starts with
     * {@code WECHATPAY/SIGNTEST/}. The value is still valid Base64 of 256 bytes, so a
     * verifier fails it on the signature, not on the encoding.
     */
    public SignedNotification signTestProbe(PaymentSpec spec) {
        byte[] noise = new byte[256];
        WechatPayCrypto.RANDOM.nextBytes(noise);
        String base64 = Base64.getEncoder().encodeToString(noise);
        String probe = SIGNTEST_PREFIX + base64.substring(SIGNTEST_PREFIX.length());
        return transactionSuccess(spec).withHeader(SignedNotification.SIGNATURE, probe);
    }

    // ---------------------------------------------------------------- building

    /**
     * Public-key id and certificate serial in turn for a merchant that has both; else
     * always the public-key id.
     */
    private SerialForm nextForm(WechatPaySandboxMerchant merchant) {
        if (merchant.wechatPayKeys().certificateSerial().isEmpty()) {
            return SerialForm.PUBLIC_KEY_ID;
        }
        return signed.getAndIncrement() % 2 == 0 ? SerialForm.PUBLIC_KEY_ID : SerialForm.CERTIFICATE_SERIAL;
    }

    private SignedNotification build(PaymentSpec spec, WechatPayMerchantKeys encryptWith,
            WechatPayMerchantKeys signWith, Duration timestampShift) {
        Instant now = clock.instant();
        String id = UUID.randomUUID().toString();
        byte[] body = transactionEnvelope(id, now, spec, encryptWith);
        return sign(id, EVENT_TRANSACTION_SUCCESS, body, signWith, now.plus(timestampShift));
    }

    private byte[] transactionEnvelope(String id, Instant createTime, PaymentSpec spec,
            WechatPayMerchantKeys encryptWith) {
        return envelope(id, createTime, EVENT_TRANSACTION_SUCCESS, SUMMARY_TRANSACTION_SUCCESS,
                ORIGINAL_TYPE_TRANSACTION, ResourceJson.transaction(spec, createTime), encryptWith);
    }

    /**
     * The envelope, {@code resource} = the plaintext encrypted with AEAD_AES_256_GCM, AAD
     * = the original type.
     */
    private static byte[] envelope(String id, Instant createTime, String eventType, String summary, String originalType,
            byte[] plaintext, WechatPayMerchantKeys encryptWith) {
        String nonce = WechatPayCrypto.randomAlphanumeric(12);
        String ciphertext = WechatPayCrypto.encrypt(encryptWith.apiV3Key(), nonce, originalType, plaintext);
        ObjectNode envelope = JSON.createObjectNode();
        envelope.put("id", id);
        envelope.put("create_time", RFC3339.format(createTime));
        envelope.put("resource_type", RESOURCE_TYPE);
        envelope.put("event_type", eventType);
        envelope.put("summary", summary);
        ObjectNode resource = envelope.putObject("resource");
        resource.put("original_type", originalType);
        resource.put("algorithm", WechatPayCrypto.AEAD_ALGORITHM);
        resource.put("ciphertext", ciphertext);
        resource.put("associated_data", originalType);
        resource.put("nonce", nonce);
        return JSON.writeValueAsBytes(envelope);
    }

    private SignedNotification sign(String id, String eventType, byte[] body, WechatPayMerchantKeys signWith,
            Instant signedAt) {
        String timestamp = Long.toString(signedAt.getEpochSecond());
        String nonce = WechatPayCrypto.randomUpperAlphanumeric(32);
        String signature = signWith.sign(WechatPayCrypto.signedMessage(timestamp, nonce, body));
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(SignedNotification.CONTENT_TYPE, "application/json");
        headers.put(SignedNotification.REQUEST_ID, WechatPayCrypto.randomUpperAlphanumeric(32));
        headers.put(SignedNotification.TIMESTAMP, timestamp);
        headers.put(SignedNotification.NONCE, nonce);
        headers.put(SignedNotification.SERIAL, signWith.publicKeyId());
        headers.put(SignedNotification.SIGNATURE, signature);
        headers.put(SignedNotification.SIGNATURE_TYPE, WechatPayCrypto.SIGN_TYPE);
        return new SignedNotification(id, eventType, headers, body);
    }

    private KeyPair strangerKeyPair() {
        KeyPair pair = strangerKeyPair;
        if (pair == null) {
            synchronized (this) {
                if (strangerKeyPair == null) {
                    strangerKeyPair = WechatPayCrypto.generateRsaKeyPair();
                }
                pair = strangerKeyPair;
            }
        }
        return pair;
    }

}
