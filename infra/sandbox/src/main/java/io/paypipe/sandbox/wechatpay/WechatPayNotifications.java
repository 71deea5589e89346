package io.paypipe.sandbox.wechatpay;

import io.paypipe.sandbox.merchant.SandboxMerchant;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
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
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds WeChat Pay API v3 notifications byte for byte as WeChat sends them: the envelope
 * ({@code id, create_time, resource_type, event_type, summary, resource}), the AEAD_AES_256_GCM-encrypted
 * transaction, and the SHA256withRSA signature over {@code timestamp\nnonce\nbody\n} with the merchant's
 * platform key, named by its public-key id in {@code Wechatpay-Serial}.
 * <p>
 * Besides honest notifications it builds the ones a receiver must reject: tampered body, signature by
 * another key, unknown serial, shifted timestamp, wrong APIv3 key, and {@code WECHATPAY/SIGNTEST/} probes.
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
    public static final DateTimeFormatter RFC3339 = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX").withZone(CHINA);

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Clock clock;
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

    // ---------------------------------------------------------------- honest notifications

    /**
     * A {@code TRANSACTION.SUCCESS} notification for {@code spec}, signed now (by the clock).
     * WeChat only notifies {@code trade_state=SUCCESS}; another {@link TradeState} in the spec is sent as is,
     * which lets tests exercise the receiver's unknown-state path.
     */
    public SignedNotification transactionSuccess(PaymentSpec spec) {
        return build(spec, spec.merchant().wechatPayKeys(), spec.merchant().wechatPayKeys(), Duration.ZERO);
    }

    /**
     * The same body with a fresh timestamp, nonce, Request-ID and signature, as if WeChat re-signed it.
     * (The pusher does not do this on re-push: see {@link NotificationPusher}.)
     */
    public SignedNotification resign(SignedNotification notification, SandboxMerchant merchant) {
        return sign(notification.id(), notification.eventType(), notification.body(), merchant.wechatPayKeys(),
                clock.instant());
    }

    /** The decrypted {@code resource} for {@code spec}: the transaction JSON with WeChat's field names. */
    public String transactionJson(PaymentSpec spec) {
        return new String(transactionBytes(spec, clock.instant()), StandardCharsets.UTF_8);
    }

    // ---------------------------------------------------------------- misbehaviour

    /**
     * Signed over the honest body, sent with another body: the amounts of {@code spec} times 100, encrypted
     * with the right APIv3 key. Only the signature check can catch it.
     */
    public SignedNotification tamperedBody(PaymentSpec spec) {
        SignedNotification honest = transactionSuccess(spec);
        PaymentSpec inflated = spec.withTotalFen(spec.totalFen() * 100).withPayerTotalFen(spec.payerTotalFen() * 100);
        byte[] otherBody = envelope(honest.id(), clock.instant(), inflated, spec.merchant().wechatPayKeys());
        return honest.withBody(otherBody);
    }

    /** Correct in every way except that an unrelated RSA key signed it (under the merchant's serial). */
    public SignedNotification signedByAnotherKey(PaymentSpec spec) {
        WechatPayMerchantKeys keys = spec.merchant().wechatPayKeys();
        return build(spec, keys, keys.withPlatformKeyPair(strangerKeyPair()), Duration.ZERO);
    }

    /** Validly signed, but {@code Wechatpay-Serial} names a public-key id the merchant does not know. */
    public SignedNotification unknownSerial(PaymentSpec spec) {
        WechatPayMerchantKeys keys = spec.merchant().wechatPayKeys();
        return build(spec, keys, keys.withPublicKeyId(WechatPayMerchantKeys.newPublicKeyId()), Duration.ZERO);
    }

    /** Validly signed with {@code Wechatpay-Timestamp} = now + {@code shift} (negative = in the past: a replay). */
    public SignedNotification timestampShifted(PaymentSpec spec, Duration shift) {
        WechatPayMerchantKeys keys = spec.merchant().wechatPayKeys();
        return build(spec, keys, keys, shift);
    }

    /** Validly signed, but {@code resource} is encrypted with another APIv3 key: decryption fails. */
    public SignedNotification encryptedWithWrongApiV3Key(PaymentSpec spec) {
        WechatPayMerchantKeys keys = spec.merchant().wechatPayKeys();
        return build(spec, keys.withApiV3Key(WechatPayCrypto.randomAlphanumeric(32)), keys, Duration.ZERO);
    }

    /**
     * A signature probe as WeChat sends them to check that merchants verify: an honest notification whose
     * {@code Wechatpay-Signature} starts with {@code WECHATPAY/SIGNTEST/}. The value is still valid Base64 of
     * 256 bytes, so a verifier fails it on the signature, not on the encoding.
     */
    public SignedNotification signTestProbe(PaymentSpec spec) {
        byte[] noise = new byte[256];
        WechatPayCrypto.RANDOM.nextBytes(noise);
        String base64 = Base64.getEncoder().encodeToString(noise);
        String probe = SIGNTEST_PREFIX + base64.substring(SIGNTEST_PREFIX.length());
        return transactionSuccess(spec).withHeader(SignedNotification.SIGNATURE, probe);
    }

    // ---------------------------------------------------------------- building

    private SignedNotification build(PaymentSpec spec, WechatPayMerchantKeys encryptWith,
                                     WechatPayMerchantKeys signWith, Duration timestampShift) {
        Instant now = clock.instant();
        String id = UUID.randomUUID().toString();
        byte[] body = envelope(id, now, spec, encryptWith);
        return sign(id, EVENT_TRANSACTION_SUCCESS, body, signWith, now.plus(timestampShift));
    }

    private byte[] envelope(String id, Instant createTime, PaymentSpec spec, WechatPayMerchantKeys encryptWith) {
        String nonce = WechatPayCrypto.randomAlphanumeric(12);
        String ciphertext = WechatPayCrypto.encrypt(encryptWith.apiV3Key(), nonce, ORIGINAL_TYPE_TRANSACTION,
                transactionBytes(spec, createTime));
        ObjectNode envelope = JSON.createObjectNode();
        envelope.put("id", id);
        envelope.put("create_time", RFC3339.format(createTime));
        envelope.put("resource_type", RESOURCE_TYPE);
        envelope.put("event_type", EVENT_TRANSACTION_SUCCESS);
        envelope.put("summary", SUMMARY_TRANSACTION_SUCCESS);
        ObjectNode resource = envelope.putObject("resource");
        resource.put("original_type", ORIGINAL_TYPE_TRANSACTION);
        resource.put("algorithm", WechatPayCrypto.AEAD_ALGORITHM);
        resource.put("ciphertext", ciphertext);
        resource.put("associated_data", ORIGINAL_TYPE_TRANSACTION);
        resource.put("nonce", nonce);
        return JSON.writeValueAsBytes(envelope);
    }

    private byte[] transactionBytes(PaymentSpec spec, Instant now) {
        SandboxMerchant merchant = spec.merchant();
        ObjectNode tx = JSON.createObjectNode();
        if (spec.partnerMode()) {
            tx.put("sp_appid", merchant.appId());
            tx.put("sp_mchid", merchant.merchantId());
            tx.put("sub_appid", merchant.subAppId(spec.subMchid()));
            tx.put("sub_mchid", spec.subMchid());
        } else {
            tx.put("appid", merchant.appId());
            tx.put("mchid", merchant.merchantId());
        }
        tx.put("out_trade_no", spec.outTradeNo());
        tx.put("transaction_id", spec.transactionId());
        tx.put("trade_type", "JSAPI");
        tx.put("trade_state", spec.tradeState().name());
        tx.put("trade_state_desc", spec.tradeState().description());
        tx.put("bank_type", "OTHERS");
        tx.put("attach", "");
        if (spec.tradeState() == TradeState.SUCCESS || spec.successTime() != null) {
            tx.put("success_time", RFC3339.format(spec.successTime() != null ? spec.successTime() : now));
        }
        ObjectNode payer = tx.putObject("payer");
        String openid = openid(merchant.merchantId() + "|" + spec.outTradeNo());
        if (spec.partnerMode()) {
            payer.put("sp_openid", openid);
            payer.put("sub_openid", openid("sub|" + spec.subMchid() + "|" + spec.outTradeNo()));
        } else {
            payer.put("openid", openid);
        }
        ObjectNode amount = tx.putObject("amount");
        amount.put("total", spec.totalFen());
        amount.put("payer_total", spec.payerTotalFen());
        amount.put("currency", spec.currency());
        amount.put("payer_currency", spec.currency());
        return JSON.writeValueAsBytes(tx);
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

    /** A stable, WeChat-shaped openid (28 characters, starting with {@code o}) for a payer. */
    static String openid(String seed) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(seed.getBytes(StandardCharsets.UTF_8));
            return "o" + Base64.getUrlEncoder().withoutPadding().encodeToString(digest).substring(0, 27);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
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
