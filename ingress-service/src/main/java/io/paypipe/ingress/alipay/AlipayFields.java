package io.paypipe.ingress.alipay;

import io.paypipe.core.money.Money;
import io.paypipe.ingress.callback.InvalidField;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Typed reads of a verified form's parameters. A parameter that is missing, too long for
 * its column or not in its format ends the classification: {@link InvalidField} names the
 * parameter, never its value, and becomes a fail ack. Blank counts as absent, as for
 * Alipay's signature.
 */
final class AlipayFields {

    /**
     * Alipay's domestic notifications are in yuan; the cross-border currency fields are
     * not used.
     */
    static final String CURRENCY = "CNY";

    /**
     * Alipay's clock: dates are Beijing local time, {@code yyyy-MM-dd HH:mm:ss}
     * ({@code gmt_refund} adds {@code .SSS}).
     */
    static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");

    private static final DateTimeFormatter DATE_TIME = new DateTimeFormatterBuilder()
        .appendPattern("uuuu-MM-dd HH:mm:ss")
        .optionalStart()
        .appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true)
        .optionalEnd()
        .toFormatter()
        .withResolverStyle(ResolverStyle.STRICT);

    private static final int MAX_ID = 64;

    private static final Pattern STATE = Pattern.compile("[A-Za-z0-9_]{1,32}");

    private final AlipayForm form;

    AlipayFields(AlipayForm form) {
        this.form = form;
    }

    boolean has(String name) {
        return form.get(name).isPresent();
    }

    /** An id or short text (at most 64 characters, the width of its column). */
    String required(String name) {
        return optional(name).orElseThrow(() -> new InvalidField(name + " missing"));
    }

    Optional<String> optional(String name) {
        Optional<String> value = form.get(name);
        if (value.isPresent() && value.get().length() > MAX_ID) {
            throw new InvalidField(name + " longer than " + MAX_ID + " characters");
        }
        return value;
    }

    /**
     * A status name such as {@code TRADE_SUCCESS}: letters, digits, underscores, at most
     * 32.
     */
    String state(String name) {
        String value = required(name);
        if (!STATE.matcher(value).matches()) {
            throw new InvalidField(name + " is not a status name");
        }
        return value;
    }

    /** Yuan with at most two decimals, exactly: no sign, exponent, grouping or blank. */
    Money amount(String name) {
        return optionalAmount(name).orElseThrow(() -> new InvalidField(name + " missing"));
    }

    Optional<Money> optionalAmount(String name) {
        Optional<String> text = form.get(name);
        try {
            return text.map(t -> Money.parseMajor(t, CURRENCY));
        }
        catch (IllegalArgumentException | ArithmeticException e) {
            throw new InvalidField(name + " is not an exact yuan amount");
        }
    }

    /** A Beijing-time date parameter as an instant. */
    Instant time(String name) {
        String text = form.get(name).orElseThrow(() -> new InvalidField(name + " missing"));
        try {
            return LocalDateTime.parse(text, DATE_TIME).atZone(BEIJING).toInstant();
        }
        catch (DateTimeParseException e) {
            throw new InvalidField(name + " is not yyyy-MM-dd HH:mm:ss");
        }
    }

}
