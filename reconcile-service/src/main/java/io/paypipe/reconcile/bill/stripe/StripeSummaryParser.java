package io.paypipe.reconcile.bill.stripe;

import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillLine.Kind;
import io.paypipe.reconcile.bill.BillSummary;
import java.io.IOException;
import java.io.InputStream;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Stripe's {@code balance_change_from_activity.summary.1} report CSV (docs.stripe.com
 * /reports/report-types/balance, "Balance change from activity summary"): one row per
 * {@code reporting_category} with its {@code count} and summed {@code gross},
 * {@code fee}, {@code net}, run with {@code columns} = {@link #COLUMNS} over the same
 * interval as the itemized report. Read into the bill's {@link BillSummary}:
 * <ul>
 * <li>{@code lines}: the counts of {@code charge}, {@code refund} and {@code fee}, the
 * categories {@link StripeBillParser} hands on (others are not compared);
 * <li>{@code paid}: the gross of {@code charge}; {@code refunded}: minus the gross of
 * {@code refund};
 * <li>{@code fees}: the summed {@code fee} column of those three categories, i.e. the sum
 * of {@code BillLine.fee} of the itemized lines (a {@code fee} category line's own
 * amount, its gross, has no total in {@link BillSummary}: only its count is compared).
 * </ul>
 * A header with no rows is a day without activity: zero lines and zero totals in the
 * account's currency given to the constructor.
 */
public class StripeSummaryParser {

    /**
     * The columns the summary report run requests, in this order: the only header
     * accepted.
     */
    public static final List<String> COLUMNS = List.of("reporting_category", "currency", "count", "gross", "fee",
            "net");

    private final String currency;

    /**
     * @param currency the account's settlement currency (ISO 4217, e.g. {@code USD})
     */
    public StripeSummaryParser(String currency) {
        this.currency = Objects.requireNonNull(currency, "currency");
        Money.of(0, currency);
    }

    public BillSummary parse(InputStream summary) throws IOException {
        Map<Kind, long[]> totals = new EnumMap<>(Kind.class);
        Set<String> seen = new HashSet<>();
        try (StripeCsv csv = new StripeCsv(summary)) {
            csv.requireHeader(COLUMNS, "balance_change_from_activity.summary.1");
            List<String> row;
            while ((row = csv.next(COLUMNS.size())) != null) {
                long line = csv.lineNumber();
                String category = row.get(0).strip();
                if (category.isEmpty()) {
                    throw new BillFormatException(line, "reporting_category is empty");
                }
                if (!seen.add(category)) {
                    throw new BillFormatException(line, "reporting_category " + category + " appears twice");
                }
                Kind kind = StripeBillParser.kindOf(category);
                if (kind == null) {
                    continue;
                }
                long[] t = row(row, line);
                if (kind == Kind.PAYMENT ? t[1] < 0 : t[1] > 0) {
                    throw new BillFormatException(line, "the gross of " + category + " has the wrong sign");
                }
                totals.put(kind, t);
            }
        }
        long lines = 0;
        long fees = 0;
        for (long[] t : totals.values()) {
            lines += t[0];
            fees += t[2];
        }
        long paid = totals.getOrDefault(Kind.PAYMENT, new long[3])[1];
        long refunded = -totals.getOrDefault(Kind.REFUND, new long[3])[1];
        return new BillSummary(lines, Optional.of(Money.of(paid, currency)), Optional.of(Money.of(refunded, currency)),
                Optional.of(Money.of(fees, currency)));
    }

    /** {count, gross, fee} of one category's row, checked. */
    private long[] row(List<String> row, long line) {
        String rowCurrency = StripeAmounts.currency(row.get(1).strip(), line);
        if (!rowCurrency.equals(currency)) {
            throw new BillFormatException(line,
                    "currency " + rowCurrency + " is not the account's " + currency + ": one currency per summary");
        }
        String countText = row.get(2).strip();
        if (!countText.matches("(0|[1-9][0-9]{0,17})")) {
            throw new BillFormatException(line, "count '" + countText + "' is not a non-negative integer");
        }
        long gross = StripeAmounts.signedMinor(row.get(3).strip(), currency, "gross", line);
        long fee = StripeAmounts.signedMinor(row.get(4).strip(), currency, "fee", line);
        long net = StripeAmounts.signedMinor(row.get(5).strip(), currency, "net", line);
        if (net != gross - fee) {
            throw new BillFormatException(line, "net " + net + " is not gross " + gross + " - fee " + fee);
        }
        return new long[] { Long.parseLong(countText), gross, fee };
    }

}
