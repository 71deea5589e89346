package io.paypipe.reconcile.bill.stripe;

import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillLine.Kind;
import io.paypipe.reconcile.bill.BillParser;
import io.paypipe.reconcile.bill.BillSummary;
import io.paypipe.reconcile.bill.ParsedBill;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Stripe's {@code balance_change_from_activity.itemized.3} report CSV (docs.stripe.com
 * /reports/report-types/balance, "Itemized balance change from activity"), run with
 * {@code columns} = {@link #COLUMNS}: that header and no other is accepted. Amounts are
 * decimal major units (negative = money leaving the balance), times {@code created_utc}
 * in UTC. {@code reporting_category} {@code charge} is a PAYMENT, {@code refund} a
 * REFUND, {@code fee} a FEE line; every other category (payout, adjustment, dispute, ...)
 * is skipped and counted ({@link StripeParse#skipped()}).
 * <p>
 * The itemized report has no summary row: the summary is the one given to the constructor
 * (the {@code balance_change_from_activity.summary.1} report of the same interval, read
 * by {@link StripeSummaryParser}), else empty, and a guard blocks the batch.
 */
public class StripeBillParser implements BillParser {

    /** The columns the report run requests, in this order: the only header accepted. */
    public static final List<String> COLUMNS = List.of("balance_transaction_id", "created_utc", "available_on_utc",
            "currency", "gross", "fee", "net", "reporting_category", "source_id", "description", "payment_intent_id",
            "charge_id", "payment_metadata[out_trade_no]", "refund_metadata[refund_no]");

    private static final int ID = 0;

    private static final int CREATED = 1;

    private static final int CURRENCY = 3;

    private static final int GROSS = 4;

    private static final int FEE = 5;

    private static final int NET = 6;

    private static final int CATEGORY = 7;

    private static final int SOURCE = 8;

    private static final int PAYMENT_INTENT = 10;

    private static final int CHARGE = 11;

    private static final int OUT_TRADE_NO = 12;

    private static final int REFUND_NO = 13;

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

    private final String merchantId;

    private final Optional<BillSummary> summary;

    /** A bill without a summary: the parse's summary is empty. */
    public StripeBillParser(String merchantId) {
        this(merchantId, Optional.empty());
    }

    /**
     * @param merchantId our merchant whose Stripe account the report is of (the report is
     * one account's)
     * @param summary the summary report's totals, returned as the bill's summary
     */
    public StripeBillParser(String merchantId, Optional<BillSummary> summary) {
        this.merchantId = Objects.requireNonNull(merchantId, "merchantId");
        this.summary = Objects.requireNonNull(summary, "summary");
    }

    @Override
    public Channel channel() {
        return Channel.STRIPE;
    }

    @Override
    public ParsedBill parse(InputStream bill, Consumer<BillLine> sink) throws IOException {
        return parseReport(bill, sink).bill();
    }

    /** {@link #parse} with the skipped lines counted per {@code reporting_category}. */
    public StripeParse parseReport(InputStream bill, Consumer<BillLine> sink) throws IOException {
        long payments = 0;
        long refunds = 0;
        long fees = 0;
        Map<String, Long> skipped = new TreeMap<>();
        try (StripeCsv csv = new StripeCsv(bill)) {
            csv.requireHeader(COLUMNS, "balance_change_from_activity.itemized.3");
            List<String> row;
            while ((row = csv.next(COLUMNS.size())) != null) {
                long line = csv.lineNumber();
                String category = required(row, CATEGORY, line);
                Kind kind = kindOf(category);
                if (kind == null) {
                    skipped.merge(category, 1L, Long::sum);
                    continue;
                }
                sink.accept(line(row, kind, line));
                switch (kind) {
                    case PAYMENT -> payments++;
                    case REFUND -> refunds++;
                    case FEE -> fees++;
                }
            }
        }
        return new StripeParse(new ParsedBill(payments, refunds, fees, summary), Map.copyOf(skipped));
    }

    /** The line's kind, {@code null} for a category this parser skips. */
    static Kind kindOf(String category) {
        return switch (category) {
            case "charge" -> Kind.PAYMENT;
            case "refund" -> Kind.REFUND;
            case "fee" -> Kind.FEE;
            default -> null;
        };
    }

    private BillLine line(List<String> row, Kind kind, long line) {
        required(row, ID, line);
        String currency = StripeAmounts.currency(required(row, CURRENCY, line), line);
        long gross = StripeAmounts.signedMinor(required(row, GROSS, line), currency, "gross", line);
        long fee = StripeAmounts.signedMinor(required(row, FEE, line), currency, "fee", line);
        long net = StripeAmounts.signedMinor(required(row, NET, line), currency, "net", line);
        if (net != gross - fee) {
            throw new BillFormatException(line, "net " + net + " is not gross " + gross + " - fee " + fee);
        }
        boolean incoming = kind == Kind.PAYMENT;
        if (incoming ? gross < 0 : gross > 0) {
            throw new BillFormatException(line,
                    "a " + row.get(CATEGORY) + " line's gross must be " + (incoming ? "positive" : "negative"));
        }
        Instant created = created(required(row, CREATED, line), line);
        String tradeNo = switch (kind) {
            case PAYMENT -> first(row, PAYMENT_INTENT, SOURCE).orElseThrow(() -> missing(line, "payment_intent_id"));
            case REFUND -> first(row, PAYMENT_INTENT, CHARGE).orElseThrow(() -> missing(line, "payment_intent_id"));
            case FEE -> first(row, SOURCE, ID).orElseThrow();
        };
        Optional<String> refundId = kind == Kind.REFUND ? Optional.of(required(row, SOURCE, line)) : Optional.empty();
        Optional<String> refundNo = kind == Kind.REFUND ? optional(row, REFUND_NO) : Optional.empty();
        return new BillLine(line, Channel.STRIPE, kind, merchantId, tradeNo, optional(row, OUT_TRADE_NO), refundId,
                refundNo, Money.of(Math.abs(gross), currency), Money.of(fee, currency), created, row.get(CATEGORY));
    }

    private static Instant created(String text, long line) {
        try {
            return LocalDateTime.parse(text, TIME).toInstant(ZoneOffset.UTC);
        }
        catch (DateTimeParseException ex) {
            throw new BillFormatException(line, "created_utc '" + text + "' is not yyyy-MM-dd HH:mm:ss", ex);
        }
    }

    private static String required(List<String> row, int column, long line) {
        String value = row.get(column).strip();
        if (value.isEmpty()) {
            throw missing(line, COLUMNS.get(column));
        }
        return value;
    }

    private static BillFormatException missing(long line, String column) {
        return new BillFormatException(line, column + " is empty");
    }

    private static Optional<String> optional(List<String> row, int column) {
        String value = row.get(column).strip();
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    private static Optional<String> first(List<String> row, int column, int fallback) {
        return optional(row, column).or(() -> optional(row, fallback));
    }

}
