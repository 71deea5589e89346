package io.paypipe.sandbox.stripe;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The form of {@code POST /v1/reporting/report_runs}: {@code report_type}
 * ({@code balance_change_from_activity.itemized.3} or
 * {@code balance_change_from_activity.summary.1}, the two the sandbox runs),
 * {@code parameters[interval_start]} and {@code parameters[interval_end]} (Unix seconds,
 * start before end; required here, where Stripe would default them) and
 * {@code parameters[columns][]} (or stripe-java's indexed {@code parameters[columns][0]},
 * ...; omitted: the report's default columns). Other parameters are ignored; an unknown
 * report type or column is a 400 {@code invalid_request_error} naming the parameter.
 */
record StripeReportRequest(String reportType, long intervalStart, long intervalEnd, List<String> columns) {

    private static final Pattern COLUMN = Pattern.compile("parameters\\[columns\\]\\[(\\d{0,4})\\]");

    /** A valid request, or the error answer. */
    sealed interface Parsed {

        record Valid(StripeReportRequest request) implements Parsed {
        }

        record Invalid(StripeApiResponse answer) implements Parsed {
        }

    }

    static Parsed parse(Map<String, String[]> params) {
        String type = first(params, "report_type");
        if (type == null || type.isBlank()) {
            return missing("report_type");
        }
        boolean summary = type.equals(StripeReportCsv.SUMMARY);
        if (!summary && !type.equals(StripeReportCsv.ITEMIZED)) {
            return new Parsed.Invalid(
                    StripeApiErrors.invalid(null, "Invalid report_type: " + type + " (the sandbox runs "
                            + StripeReportCsv.ITEMIZED + " and " + StripeReportCsv.SUMMARY + ")", "report_type"));
        }
        String start = first(params, "parameters[interval_start]");
        String end = first(params, "parameters[interval_end]");
        if (start == null || end == null) {
            return missing(start == null ? "parameters[interval_start]" : "parameters[interval_end]");
        }
        long from;
        long to;
        try {
            from = Long.parseLong(start);
            to = Long.parseLong(end);
        }
        catch (NumberFormatException e) {
            return new Parsed.Invalid(StripeApiErrors.invalid("parameter_invalid_integer",
                    "Invalid integer: " + start + " or " + end, "parameters[interval_start]"));
        }
        if (from >= to) {
            return new Parsed.Invalid(StripeApiErrors.invalid(null,
                    "parameters[interval_start] must be before parameters[interval_end]", "parameters[interval_end]"));
        }
        List<String> columns = columns(params);
        if (columns.isEmpty()) {
            columns = summary ? StripeReportCsv.SUMMARY_COLUMNS : StripeItemizedRow.COLUMNS;
        }
        for (String column : columns) {
            boolean known = summary ? StripeReportCsv.SUMMARY_COLUMNS.contains(column)
                    : StripeItemizedRow.known(column);
            if (!known) {
                return new Parsed.Invalid(StripeApiErrors.invalid(null,
                        "Invalid column for report type " + type + ": " + column, "parameters[columns]"));
            }
        }
        return new Parsed.Valid(new StripeReportRequest(type, from, to, columns));
    }

    /**
     * The columns in the order sent: {@code []} values as repeated, indexed ones by
     * index.
     */
    private static List<String> columns(Map<String, String[]> params) {
        List<String> columns = new ArrayList<>();
        Map<Integer, String> indexed = new TreeMap<>();
        params.forEach((key, values) -> {
            Matcher m = COLUMN.matcher(key);
            if (m.matches() && values != null) {
                if (m.group(1).isEmpty()) {
                    columns.addAll(List.of(values));
                }
                else if (values.length > 0) {
                    indexed.put(Integer.parseInt(m.group(1)), values[0]);
                }
            }
        });
        columns.addAll(indexed.values());
        return columns;
    }

    private static String first(Map<String, String[]> params, String key) {
        String[] values = params.get(key);
        return values == null || values.length == 0 ? null : values[0];
    }

    private static Parsed missing(String param) {
        return new Parsed.Invalid(
                StripeApiErrors.invalid("parameter_missing", "Missing required param: " + param + ".", param));
    }

}
