package io.paypipe.ingress.wechatpay;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import io.paypipe.ingress.callback.InvalidField;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The decrypted {@code resource} (a transaction or a refund), read strictly. The SDK's
 * models are not used for this: Gson fills a {@code Long} from the string {@code "100"}
 * and from {@code 1e2}, and maps a trade or refund state it does not know to null. Here a
 * string field must be a JSON string, an amount a JSON integer literal of non-negative
 * fen, and every value is bounded by the column it goes to. A bad field throws
 * {@link InvalidField}, whose message names the field, never its value; the classifiers
 * turn it into a rejection.
 */
final class ResourceFields {

    static final int MAX_ID = 64;

    private static final Pattern FEN = Pattern.compile("0|[1-9][0-9]{0,17}");

    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");

    private final JsonObject resource;

    ResourceFields(JsonObject resource) {
        this.resource = resource;
    }

    /** A required, non-blank string of at most {@code maxLength} characters. */
    String text(String field, int maxLength) {
        return optionalText(field, maxLength).orElseThrow(() -> new InvalidField(field + " missing"));
    }

    /**
     * Absent, null or blank: empty; otherwise it must be a string of at most
     * {@code maxLength} characters.
     */
    Optional<String> optionalText(String field, int maxLength) {
        return optionalText(resource, field, field, maxLength);
    }

    /** A required amount in fen: {@code object.field}, a non-negative JSON integer. */
    long fen(String object, String field) {
        return optionalFen(object, field).orElseThrow(() -> new InvalidField(object + "." + field + " missing"));
    }

    Optional<Long> optionalFen(String object, String field) {
        String name = object + "." + field;
        JsonElement value = amountObject(object).get(field);
        if (value == null || value.isJsonNull()) {
            return Optional.empty();
        }
        if (!(value instanceof JsonPrimitive p) || !p.isNumber()
                || !FEN.matcher(p.getAsNumber().toString()).matches()) {
            throw new InvalidField(name + " is not a non-negative integer number of fen");
        }
        return Optional.of(Long.parseLong(p.getAsNumber().toString()));
    }

    /**
     * {@code object.currency}: three upper-case letters, {@code fallback} when absent.
     */
    String currency(String object, String field, String fallback) {
        String currency = optionalText(amountObject(object), field, object + "." + field, 3).orElse(fallback);
        if (!CURRENCY.matcher(currency).matches()) {
            throw new InvalidField(object + "." + field + " is not an ISO 4217 code");
        }
        return currency;
    }

    /** A required RFC 3339 time such as {@code 2018-06-08T10:34:56+08:00}. */
    Instant time(String field) {
        try {
            return OffsetDateTime.parse(text(field, 64)).toInstant();
        }
        catch (DateTimeParseException e) {
            throw new InvalidField(field + " is not RFC 3339");
        }
    }

    private JsonObject amountObject(String object) {
        JsonElement value = resource.get(object);
        if (value == null || !value.isJsonObject()) {
            throw new InvalidField(object + " missing or not an object");
        }
        return value.getAsJsonObject();
    }

    private static Optional<String> optionalText(JsonObject object, String field, String name, int maxLength) {
        JsonElement value = object.get(field);
        if (value == null || value.isJsonNull()) {
            return Optional.empty();
        }
        if (!(value instanceof JsonPrimitive p) || !p.isString()) {
            throw new InvalidField(name + " is not a string");
        }
        String text = p.getAsString();
        if (text.isBlank()) {
            return Optional.empty();
        }
        if (text.length() > maxLength) {
            throw new InvalidField(name + " longer than " + maxLength);
        }
        return Optional.of(text);
    }

    @Override
    public String toString() {
        // the resource carries the payer's openid
        return "ResourceFields[" + resource.size() + " fields]";
    }

}
