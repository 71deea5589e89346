package io.paypipe.sandbox.alipay;

import io.paypipe.sandbox.push.Pushable;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One Alipay {@code trade_status_sync} notification as it goes on the wire: the
 * parameters (decoded, in the order sent, {@code sign} included) and the form-encoded
 * body bytes. {@code notifyId} names it in the delivery history; Alipay keeps it across
 * re-sends.
 */
public record AlipayNotification(String notifyId, Map<String, String> params, byte[] body) implements Pushable {

    public static final String CONTENT_TYPE = "application/x-www-form-urlencoded; charset=utf-8";

    public static final String NOTIFY_TYPE = "trade_status_sync";

    public AlipayNotification {
        Objects.requireNonNull(notifyId, "notifyId");
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        body = body.clone();
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    public String bodyAsString() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** A parameter as sent, null when absent. */
    public String param(String name) {
        return params.get(name);
    }

    public String sign() {
        return params.get("sign");
    }

    /**
     * The same notification with other body bytes (so the signature no longer covers
     * them).
     */
    public AlipayNotification withBody(byte[] otherBody) {
        return new AlipayNotification(notifyId, params, otherBody);
    }

    /** The id in the pusher's delivery history: the {@code notify_id}. */
    @Override
    public String id() {
        return notifyId;
    }

    /** What the pusher sends with the body: Alipay's Content-Type header. */
    @Override
    public Map<String, String> headers() {
        return Map.of("Content-Type", CONTENT_TYPE);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AlipayNotification other && notifyId.equals(other.notifyId) && params.equals(other.params)
                && Arrays.equals(body, other.body);
    }

    @Override
    public int hashCode() {
        return Objects.hash(notifyId, params, Arrays.hashCode(body));
    }

    @Override
    public String toString() {
        // never the parameters: they carry the buyer's ids
        return "AlipayNotification[" + notifyId + " app_id=" + params.get("app_id") + " out_trade_no="
                + params.get("out_trade_no") + " " + params.get("trade_status") + ", " + body.length + " bytes]";
    }
}
