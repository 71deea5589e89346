package io.paypipe.ingress.wechatpay;

import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The envelope of a verified notification, read strictly: the SDK's own reader (Gson,
 * lenient) accepts unquoted names, numbers where strings belong and duplicate keys, so
 * the fields the pipeline relies on are read again here as strict JSON. {@code kind} is
 * what the notification is about: {@code event_type} {@code TRANSACTION.*} or
 * {@code REFUND.*}, else {@code resource.original_type}.
 */
record Envelope(String id, String eventType, String originalType, Kind kind) {

    enum Kind {

        PAYMENT, REFUND

    }

    static final int MAX_ID = 64;

    private static final int MAX_TYPE = 64;

    private static final JsonMapper STRICT = JsonMapper.builder()
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .build();

    static Check<Envelope> read(String body) {
        JsonNode envelope;
        try {
            envelope = STRICT.readTree(body);
        }
        catch (JacksonException e) {
            // never e.getMessage(): it quotes the body
            return Check.reject(Rejection.MALFORMED, "envelope is not strict JSON: " + e.getClass().getSimpleName());
        }
        if (envelope == null || !envelope.isObject()) {
            return Check.reject(Rejection.MALFORMED, "envelope is not a JSON object");
        }
        JsonNode resource = envelope.get("resource");
        if (resource == null || !resource.isObject()) {
            return Check.reject(Rejection.MALFORMED, "envelope has no resource object");
        }
        for (String field : new String[] { "id", "create_time", "resource_type", "event_type" }) {
            if (!isText(envelope.get(field), field.equals("id") ? MAX_ID : MAX_TYPE)) {
                return Check.reject(Rejection.MALFORMED, "envelope " + field + " missing, not a string or too long");
            }
        }
        for (String field : new String[] { "original_type", "algorithm", "ciphertext", "nonce" }) {
            if (!isText(resource.get(field), field.equals("ciphertext") ? Integer.MAX_VALUE : MAX_TYPE)) {
                return Check.reject(Rejection.MALFORMED, "resource " + field + " missing, not a string or too long");
            }
        }
        if (!isAbsentOrString(envelope.get("summary")) || !isAbsentOrString(resource.get("associated_data"))) {
            return Check.reject(Rejection.MALFORMED, "envelope summary or associated_data is not a string");
        }
        String eventType = envelope.get("event_type").asString();
        String originalType = resource.get("original_type").asString();
        Kind kind;
        if (eventType.startsWith("REFUND.")
                || (!eventType.startsWith("TRANSACTION.") && originalType.equals("refund"))) {
            kind = Kind.REFUND;
        }
        else if (eventType.startsWith("TRANSACTION.") || originalType.equals("transaction")) {
            kind = Kind.PAYMENT;
        }
        else {
            return Check.reject(Rejection.MALFORMED, "unknown event type " + printable(eventType));
        }
        return Check.ok(new Envelope(envelope.get("id").asString(), eventType, originalType, kind));
    }

    private static boolean isText(JsonNode node, int maxLength) {
        return node != null && node.isString() && !node.asString().isBlank() && node.asString().length() <= maxLength;
    }

    private static boolean isAbsentOrString(JsonNode node) {
        return node == null || node.isString();
    }

    /**
     * An event type as it may appear in a log line (it was signed by WeChat, but keep the
     * log clean).
     */
    private static String printable(String value) {
        return value.matches("[A-Za-z0-9_.\\-]{1,64}") ? value : "<unprintable, " + value.length() + " chars>";
    }
}
