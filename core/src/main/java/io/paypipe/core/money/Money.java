package io.paypipe.core.money;

import java.math.BigDecimal;
import java.util.Currency;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An amount of money: integer minor units (fen, cents, yen) plus an ISO 4217 currency
 * code. There is no floating point anywhere on this path; decimal strings from a channel
 * are parsed exactly or rejected.
 */
public record Money(long minor, String currency) {

    private static final Pattern PLAIN_DECIMAL = Pattern.compile("(0|[1-9][0-9]{0,15})(\\.[0-9]+)?");

    /**
     * Compiled once: every event carrying an amount builds a Money when it is read, and
     * {@code String.matches} compiled the pattern each time (seen in a profile of the
     * processor's and the watchdog's threads).
     */
    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");

    public Money {
        Objects.requireNonNull(currency, "currency");
        if (!CURRENCY.matcher(currency).matches()) {
            throw new IllegalArgumentException("currency must be an upper-case ISO 4217 code: " + currency);
        }
    }

    public static Money of(long minor, String currency) {
        return new Money(minor, currency);
    }

    /** Digits after the decimal point for the currency (CNY 2, JPY 0, ...). */
    public static int fractionDigits(String currency) {
        int digits = Currency.getInstance(currency).getDefaultFractionDigits();
        return Math.max(digits, 0);
    }

    /**
     * Parses a major-unit decimal string such as Alipay's {@code "100.10"} into minor
     * units, exactly. Rejects blanks, signs, exponents, grouping and more fraction digits
     * than the currency has.
     */
    public static Money parseMajor(String text, String currency) {
        if (text == null || !PLAIN_DECIMAL.matcher(text).matches()) {
            throw new IllegalArgumentException("not a plain non-negative decimal amount");
        }
        int digits = fractionDigits(currency);
        BigDecimal value = new BigDecimal(text);
        if (value.scale() > digits) {
            throw new IllegalArgumentException("more than " + digits + " fraction digits for " + currency);
        }
        return new Money(value.movePointRight(digits).longValueExact(), currency);
    }

    public boolean sameCurrency(Money other) {
        return currency.equals(other.currency);
    }

    @Override
    public String toString() {
        return minor + " " + currency + " (minor units)";
    }
}
