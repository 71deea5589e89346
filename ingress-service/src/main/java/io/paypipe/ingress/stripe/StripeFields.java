package io.paypipe.ingress.stripe;

import io.paypipe.core.money.Money;
import io.paypipe.ingress.callback.InvalidField;
import java.util.Currency;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Strict reading of Stripe's JSON: the type every field must have, or
 * {@link InvalidField} naming the field (never its value). Amounts are JSON integers in
 * the currency's minor units exactly as Stripe sends them (JPY has no decimals: 1500 is
 * ¥1500); a fraction ({@code 12.5}, {@code 1e2}, {@code 100.0}), a string, a negative
 * number or one beyond a long is refused, never rounded.
 */
final class StripeFields {

    static final int MAX_ID = 64;
    static final long MAX_UNIX_SECONDS = 253_402_300_799L;

    /**
     * {@code payment_intent.succeeded}, {@code v1.billing.meter.error_report_triggered},
     * ...
     */
    static final Pattern EVENT_TYPE = Pattern.compile("[a-z0-9_]+(\\.[a-z0-9_]+)+");

    private static final Pattern CURRENCY = Pattern.compile("[A-Za-z]{3}");

    private StripeFields() {
    }

    /** A required non-blank string of at most 64 characters. */
    static String text(JsonNode object, String field) {
        return optionalText(object, field).orElseThrow(() -> new InvalidField(field + " missing"));
    }

    /**
     * Absent or null: empty; a non-blank string of at most 64 characters: it; anything
     * else is malformed.
     */
    static Optional<String> optionalText(JsonNode object, String field) {
        JsonNode value = object.path(field);
        if (value.isMissingNode() || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isString() || value.stringValue().isBlank() || value.stringValue().length() > MAX_ID) {
            throw new InvalidField(field + " is not a string of 1 to " + MAX_ID + " characters");
        }
        return Optional.of(value.stringValue());
    }

    /**
     * {@code metadata.<key>}: metadata may be absent or an object; the key may be absent.
     */
    static Optional<String> metadata(JsonNode object, String key) {
        JsonNode metadata = object.path("metadata");
        if (metadata.isMissingNode() || metadata.isNull()) {
            return Optional.empty();
        }
        if (!metadata.isObject()) {
            throw new InvalidField("metadata is not an object");
        }
        try {
            return optionalText(metadata, key);
        }
        catch (InvalidField e) {
            throw new InvalidField("metadata." + e.getMessage());
        }
    }

    static String eventType(JsonNode event) {
        String type = text(event, "type");
        if (!EVENT_TYPE.matcher(type).matches()) {
            throw new InvalidField("type is not an event type");
        }
        return type;
    }

    /** A required non-negative JSON integer that fits a long. */
    static long amount(JsonNode object, String field) {
        JsonNode value = object.path(field);
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw new InvalidField(field + " missing or not an integer");
        }
        long amount = value.longValue();
        if (amount < 0) {
            throw new InvalidField(field + " is negative");
        }
        return amount;
    }

    /**
     * Unix seconds up to 9999-12-31T23:59:59Z (beyond that no Instant or DATETIME holds
     * it).
     */
    static long unixSeconds(JsonNode object, String field) {
        long seconds = amount(object, field);
        if (seconds > MAX_UNIX_SECONDS) {
            throw new InvalidField(field + " is not a plausible unix time");
        }
        return seconds;
    }

    /**
     * {@code currency} (Stripe sends it lower-case) upper-cased, and a known ISO 4217
     * code.
     */
    static String currency(JsonNode object) {
        JsonNode value = object.path("currency");
        if (!value.isString() || !CURRENCY.matcher(value.stringValue()).matches()) {
            throw new InvalidField("currency missing or not a 3-letter code");
        }
        String code = value.stringValue().toUpperCase(Locale.ROOT);
        try {
            Currency.getInstance(code);
        }
        catch (IllegalArgumentException e) {
            throw new InvalidField("currency is not an ISO 4217 code");
        }
        return code;
    }

    /** {@code field} in minor units of the object's {@code currency}. */
    static Money money(JsonNode object, String field, String currency) {
        return Money.of(amount(object, field), currency);
    }

    /**
     * The object's {@code object} must be {@code expected} (a payment_intent event
     * carries a PaymentIntent).
     */
    static void requireObject(JsonNode object, String expected) {
        JsonNode kind = object.path("object");
        if (!kind.isString() || !expected.equals(kind.stringValue())) {
            throw new InvalidField("data.object is not a " + expected);
        }
    }

    /** Fits {@code pay_notify_event.state} (48 characters). */
    static String state(String type) {
        return type.length() <= 48 ? type : type.substring(0, 48);
    }

}
