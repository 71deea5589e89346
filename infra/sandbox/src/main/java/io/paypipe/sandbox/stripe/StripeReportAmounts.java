package io.paypipe.sandbox.stripe;

/**
 * Amounts as Stripe's report CSVs write them: major units with the currency's fraction
 * digits, a leading {@code -} for money leaving the balance ({@code 1234} cents:
 * {@code 12.34}; {@code -5}: {@code -0.05}; JPY {@code 500}: {@code 500}). Integer
 * arithmetic only.
 */
final class StripeReportAmounts {

    private StripeReportAmounts() {
    }

    static String major(long minor, int fractionDigits) {
        String sign = minor < 0 ? "-" : "";
        String digits = Long.toString(Math.abs(minor));
        if (fractionDigits == 0) {
            return sign + digits;
        }
        if (digits.length() <= fractionDigits) {
            digits = "0".repeat(fractionDigits - digits.length() + 1) + digits;
        }
        int point = digits.length() - fractionDigits;
        return sign + digits.substring(0, point) + "." + digits.substring(point);
    }

}
