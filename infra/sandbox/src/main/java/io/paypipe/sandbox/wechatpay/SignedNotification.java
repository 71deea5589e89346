package io.paypipe.sandbox.wechatpay;

import io.paypipe.sandbox.push.Pushable;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One WeChat Pay v3 notification exactly as it goes on the wire: the HTTP headers (in
 * WeChat's order) and the raw body bytes the signature covers. {@code id} is the envelope
 * {@code id}; it names the notification in the pusher's delivery history. Stripe's events
 * travel in it too (their own headers, see {@code StripeEvents}); the {@code Wechatpay-*}
 * accessors are WeChat's.
 */
public record SignedNotification(String id, String eventType, Map<String, String> headers,
        byte[] body) implements Pushable {

    public static final String CONTENT_TYPE = "Content-Type";

    public static final String REQUEST_ID = "Request-ID";

    public static final String TIMESTAMP = "Wechatpay-Timestamp";

    public static final String NONCE = "Wechatpay-Nonce";

    public static final String SERIAL = "Wechatpay-Serial";

    public static final String SIGNATURE = "Wechatpay-Signature";

    public static final String SIGNATURE_TYPE = "Wechatpay-Signature-Type";

    public SignedNotification {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(eventType, "eventType");
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        body = body.clone();
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    public String bodyAsString() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** A header by name, ignoring case; null when absent. */
    public String header(String name) {
        for (Map.Entry<String, String> e : headers.entrySet()) {
            if (e.getKey().equalsIgnoreCase(name)) {
                return e.getValue();
            }
        }
        return null;
    }

    public String timestamp() {
        return header(TIMESTAMP);
    }

    public String nonce() {
        return header(NONCE);
    }

    public String serial() {
        return header(SERIAL);
    }

    public String signature() {
        return header(SIGNATURE);
    }

    public String signatureType() {
        return header(SIGNATURE_TYPE);
    }

    /** A copy with one header replaced (or added). */
    public SignedNotification withHeader(String name, String value) {
        Map<String, String> copy = new LinkedHashMap<>(headers);
        copy.put(name, value);
        return new SignedNotification(id, eventType, copy, body);
    }

    /**
     * A copy with other body bytes and the same headers (so the signature no longer
     * matches).
     */
    public SignedNotification withBody(byte[] otherBody) {
        return new SignedNotification(id, eventType, headers, otherBody);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SignedNotification other && id.equals(other.id) && eventType.equals(other.eventType)
                && headers.equals(other.headers) && Arrays.equals(body, other.body);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, eventType, headers, Arrays.hashCode(body));
    }

    @Override
    public String toString() {
        return "SignedNotification[" + id + " " + eventType + ", serial=" + serial() + ", " + body.length + " bytes]";
    }
}
