package io.paypipe.ingress.wechatpay;

import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import java.time.Instant;
import java.util.Base64;
import java.util.regex.Pattern;
import org.springframework.http.HttpHeaders;

/**
 * The signature headers of a WeChat Pay v3 notification. {@code timestamp} is kept as
 * sent: it is part of the signed message. {@code signType} is empty when the header is
 * absent (the SDK then assumes WECHATPAY2-SHA256-RSA2048).
 */
record WechatPayHeaders(String timestamp, Instant sentAt, String nonce, String serial, String signature,
        String signType) {

    static final String TIMESTAMP = "Wechatpay-Timestamp";
    static final String NONCE = "Wechatpay-Nonce";
    static final String SERIAL = "Wechatpay-Serial";
    static final String SIGNATURE = "Wechatpay-Signature";
    static final String SIGNATURE_TYPE = "Wechatpay-Signature-Type";

    private static final Pattern UNIX_SECONDS = Pattern.compile("[0-9]{1,12}");

    private static final Pattern LOGGABLE = Pattern.compile("[A-Za-z0-9_\\-]{1,64}");

    static Check<WechatPayHeaders> from(HttpHeaders headers) {
        String timestamp = headers.getFirst(TIMESTAMP);
        String nonce = headers.getFirst(NONCE);
        String serial = headers.getFirst(SERIAL);
        String signature = headers.getFirst(SIGNATURE);
        if (isBlank(timestamp) || isBlank(nonce) || isBlank(serial) || isBlank(signature)) {
            return Check.reject(Rejection.MISSING_HEADERS, "a Wechatpay-* header is missing");
        }
        if (!UNIX_SECONDS.matcher(timestamp).matches()) {
            return Check.reject(Rejection.BAD_TIMESTAMP, "Wechatpay-Timestamp is not unix seconds");
        }
        if (!isBase64(signature)) {
            String probe = signature.startsWith(WechatPayMerchant.SIGNTEST_PREFIX) ? ", a signature probe" : "";
            return Check.reject(Rejection.BAD_SIGNATURE, "Wechatpay-Signature is not Base64" + probe);
        }
        String signType = headers.getFirst(SIGNATURE_TYPE);
        return Check.ok(new WechatPayHeaders(timestamp, Instant.ofEpochSecond(Long.parseLong(timestamp)), nonce, serial,
                signature, signType == null ? "" : signType));
    }

    /**
     * The serial header as it may appear in a log line (it is not a secret, but it is
     * caller-controlled).
     */
    static String loggableSerial(HttpHeaders headers) {
        String serial = headers.getFirst(SERIAL);
        if (serial == null) {
            return "-";
        }
        return LOGGABLE.matcher(serial).matches() ? serial : "<unprintable, " + serial.length() + " chars>";
    }

    private static boolean isBase64(String s) {
        try {
            Base64.getDecoder().decode(s);
            return true;
        }
        catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }

    @Override
    public String toString() {
        return "WechatPayHeaders[ts=" + timestamp + ", serial=" + serial + "]";
    }
}
