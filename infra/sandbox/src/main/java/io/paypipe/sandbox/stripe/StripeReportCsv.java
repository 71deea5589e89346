package io.paypipe.sandbox.stripe;

import io.paypipe.core.money.Money;
import io.paypipe.sandbox.bill.Settlement;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Function;

/**
 * Writes Stripe's balance report CSVs (UTF-8, comma separated, RFC 4180 quoting, one
 * {@code \n} after every record, a header of the requested columns first):
 * <ul>
 * <li>{@link #itemized}: {@code balance_change_from_activity.itemized.3}, one line per
 * settlement ({@link StripeItemizedRow}), handed out one at a time as bytes, so a
 * million-line day is never held;</li>
 * <li>{@link #summary}: {@code balance_change_from_activity.summary.1}, one row per
 * {@code reporting_category} and currency (charge, refund, fee; none for a category
 * without activity, so a day without any is the header alone) with its {@code count} and
 * summed {@code gross}, {@code fee}, {@code net}. A disagreeing summary says one charge
 * and 1.00 (100 minor units) more than the lines.</li>
 * </ul>
 */
final class StripeReportCsv {

    static final String ITEMIZED = "balance_change_from_activity.itemized.3";

    static final String SUMMARY = "balance_change_from_activity.summary.1";

    /** The summary report's columns, Stripe's defaults for it. */
    static final List<String> SUMMARY_COLUMNS = List.of("reporting_category", "currency", "count", "gross", "fee",
            "net");

    private static final List<String> CATEGORIES = List.of("charge", "refund", "fee");

    private StripeReportCsv() {
    }

    /**
     * The itemized report's records, header first, each with its {@code \n}; a
     * settlement's charge id is {@code chargeIds}' answer.
     */
    static Iterator<byte[]> itemized(List<String> columns, Iterable<Settlement> lines,
            Function<Settlement, String> chargeIds) {
        Iterator<Settlement> settlements = lines.iterator();
        return new Iterator<>() {

            private boolean headerDone;

            @Override
            public boolean hasNext() {
                return !headerDone || settlements.hasNext();
            }

            @Override
            public byte[] next() {
                if (!headerDone) {
                    headerDone = true;
                    return record(columns);
                }
                if (!settlements.hasNext()) {
                    throw new NoSuchElementException();
                }
                Settlement s = settlements.next();
                StripeItemizedRow row = new StripeItemizedRow(s, chargeIds.apply(s));
                List<String> fields = new ArrayList<>(columns.size());
                for (String column : columns) {
                    fields.add(row.value(column));
                }
                return record(fields);
            }

        };
    }

    /** The summary report of {@code lines}, whole (a few rows). */
    static byte[] summary(List<String> columns, Iterable<Settlement> lines, boolean disagrees) {
        Map<String, long[]> totals = new LinkedHashMap<>();
        String anyCurrency = "usd";
        for (Settlement s : lines) {
            anyCurrency = s.currency().toLowerCase(Locale.ROOT);
            long[] t = totals.computeIfAbsent(StripeItemizedRow.category(s.kind()) + "," + anyCurrency,
                    k -> new long[3]);
            t[0]++;
            t[1] += StripeItemizedRow.gross(s);
            t[2] += StripeItemizedRow.fee(s);
        }
        if (disagrees) {
            long[] t = totals.computeIfAbsent("charge," + anyCurrency, k -> new long[3]);
            t[0]++;
            t[1] += 100;
        }
        StringBuilder out = new StringBuilder();
        out.append(line(columns));
        for (String category : CATEGORIES) {
            totals.forEach((key, t) -> {
                String[] parts = key.split(",", 2);
                if (parts[0].equals(category)) {
                    out.append(line(summaryRow(columns, category, parts[1], t)));
                }
            });
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> summaryRow(List<String> columns, String category, String currency, long[] t) {
        int digits = Money.fractionDigits(currency.toUpperCase(Locale.ROOT));
        List<String> fields = new ArrayList<>(columns.size());
        for (String column : columns) {
            fields.add(switch (column) {
                case "reporting_category" -> category;
                case "currency" -> currency;
                case "count" -> Long.toString(t[0]);
                case "gross" -> StripeReportAmounts.major(t[1], digits);
                case "fee" -> StripeReportAmounts.major(t[2], digits);
                case "net" -> StripeReportAmounts.major(t[1] - t[2], digits);
                default -> throw new IllegalArgumentException("not a column of the summary report: " + column);
            });
        }
        return fields;
    }

    private static byte[] record(List<String> fields) {
        return line(fields).getBytes(StandardCharsets.UTF_8);
    }

    private static String line(List<String> fields) {
        StringBuilder line = new StringBuilder(256);
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                line.append(',');
            }
            String field = fields.get(i);
            if (field.indexOf(',') >= 0 || field.indexOf('"') >= 0 || field.indexOf('\n') >= 0
                    || field.indexOf('\r') >= 0) {
                line.append('"').append(field.replace("\"", "\"\"")).append('"');
            }
            else {
                line.append(field);
            }
        }
        return line.append('\n').toString();
    }

}
