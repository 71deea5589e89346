package io.paypipe.sandbox.wechatpay;

import io.paypipe.sandbox.merchant.SandboxMerchants;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The door of WeChat Pay's API: a call is the merchant's when its
 * {@code Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",timestamp="…",serial_no="…",signature="…"}
 * names a merchant (a direct mchid or a service provider's sp_mchid, never a
 * sub-merchant), the serial of that merchant's API certificate, a timestamp within 5
 * minutes, and a SHA256withRSA signature by its API key over
 * {@code METHOD\npath[?query]\ntimestamp\nnonce\nbody\n} (the raw path and query, the raw
 * body bytes). Answers are signed as WeChat signs them: the platform key over
 * {@code timestamp\nnonce\nbody\n}, in {@code Wechatpay-Timestamp}, {@code -Nonce},
 * {@code -Signature} and {@code -Serial} (the key's id). The key is the one the call's
 * {@code Wechatpay-Serial} asks for (the SDK sends the id it verifies with): the
 * certificate key of a merchant switching from certificates when it names that, else the
 * public key.
 */
public final class WechatPayApiGate {

    public static final String SCHEMA = "WECHATPAY2-SHA256-RSA2048";

    /** WeChat refuses a request signed more than this long before or after now. */
    public static final Duration CLOCK_TOLERANCE = Duration.ofMinutes(5);

    private static final Pattern PARAM = Pattern.compile("(\\w+)=\"([^\"]*)\"");

    private final SandboxMerchants merchants;

    private final Clock clock;

    public WechatPayApiGate(SandboxMerchants merchants, Clock clock) {
        this.merchants = merchants;
        this.clock = clock;
    }

    /**
     * The merchant that signed this call, or empty when the signature does not verify
     * (WeChat's 401 SIGN_ERROR).
     */
    public Optional<WechatPaySandboxMerchant> authenticate(String method, String pathAndQuery, byte[] body,
            String authorization) {
        if (authorization == null || !authorization.startsWith(SCHEMA + " ")) {
            return Optional.empty();
        }
        Map<String, String> params = new HashMap<>();
        Matcher m = PARAM.matcher(authorization.substring(SCHEMA.length() + 1));
        while (m.find()) {
            params.put(m.group(1), m.group(2));
        }
        String mchid = params.get("mchid");
        String timestamp = params.get("timestamp");
        String nonce = params.get("nonce_str");
        String signature = params.get("signature");
        if (mchid == null || timestamp == null || nonce == null || signature == null || !fresh(timestamp)) {
            return Optional.empty();
        }
        return merchants.findWechatPay(mchid)
            .filter(merchant -> merchant.merchantId().equals(mchid))
            .filter(merchant -> merchant.wechatPayKeys().merchantApiKey().serialNo().equals(params.get("serial_no")))
            .filter(merchant -> WechatPayCrypto.verify(merchant.wechatPayKeys().merchantApiKey().publicKey(),
                    requestMessage(method, pathAndQuery, timestamp, nonce, body), signature));
    }

    /** The message a merchant signs for a call: five lines, the last newline included. */
    public static byte[] requestMessage(String method, String pathAndQuery, String timestamp, String nonce,
            byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + 128);
        out.writeBytes((method + "\n" + pathAndQuery + "\n" + timestamp + "\n" + nonce + "\n")
            .getBytes(StandardCharsets.UTF_8));
        out.writeBytes(body);
        out.write('\n');
        return out.toByteArray();
    }

    /**
     * The headers of an answer with {@code body} to {@code merchant}, signed with the
     * platform key {@code requestedSerial} names (the call's {@code Wechatpay-Serial};
     * the public key when it names none of the merchant's), in WeChat's order.
     */
    public Map<String, String> signedAnswerHeaders(WechatPaySandboxMerchant merchant, String requestedSerial,
            byte[] body) {
        WechatPayMerchantKeys signer = merchant.wechatPayKeys().signerFor(requestedSerial);
        String timestamp = Long.toString(clock.instant().getEpochSecond());
        String nonce = WechatPayCrypto.randomUpperAlphanumeric(32);
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(SignedNotification.REQUEST_ID, WechatPayCrypto.randomUpperAlphanumeric(32));
        headers.put(SignedNotification.NONCE, nonce);
        headers.put(SignedNotification.SIGNATURE, signer.sign(WechatPayCrypto.signedMessage(timestamp, nonce, body)));
        headers.put(SignedNotification.TIMESTAMP, timestamp);
        headers.put(SignedNotification.SERIAL, signer.publicKeyId());
        headers.put(SignedNotification.SIGNATURE_TYPE, WechatPayCrypto.SIGN_TYPE);
        return headers;
    }

    private boolean fresh(String timestamp) {
        try {
            Instant at = Instant.ofEpochSecond(Long.parseLong(timestamp));
            return Duration.between(at, clock.instant()).abs().compareTo(CLOCK_TOLERANCE) < 0;
        }
        catch (RuntimeException e) {
            return false;
        }
    }

}
