package io.paypipe.reconcile.bill.stripe;

import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillFormatException;
import java.util.Locale;

/**
 * The amounts of Stripe's report CSVs: decimal major units with a leading {@code -} for
 * money leaving the balance (Stripe: "expressed in major units of the currency"), the
 * currency lower-case. Parsed exactly through {@link Money#parseMajor}: never a double.
 */
final class StripeAmounts {

    private StripeAmounts() {
    }

    /** The upper-case ISO 4217 code of a report's lower-case {@code currency}. */
    static String currency(String text, long line) {
        String code = text.toUpperCase(Locale.ROOT);
        try {
            Money.fractionDigits(code);
            Money.of(0, code);
        }
        catch (IllegalArgumentException ex) {
            throw new BillFormatException(line, "currency '" + text + "' is not an ISO 4217 code", ex);
        }
        return code;
    }

    /** A signed major-unit amount in minor units, exactly. */
    static long signedMinor(String text, String currency, String column, long line) {
        boolean negative = text.startsWith("-");
        String digits = negative ? text.substring(1) : text;
        try {
            long minor = Money.parseMajor(digits, currency).minor();
            return negative ? -minor : minor;
        }
        catch (IllegalArgumentException | ArithmeticException ex) {
            throw new BillFormatException(line,
                    column + " '" + text + "' is not an exact " + currency + " amount: " + ex.getMessage(), ex);
        }
    }

}
