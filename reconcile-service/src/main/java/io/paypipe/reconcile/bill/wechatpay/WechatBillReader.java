package io.paypipe.reconcile.bill.wechatpay;

import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillLine.Kind;
import io.paypipe.reconcile.bill.BillSummary;
import io.paypipe.reconcile.bill.ParsedBill;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.zip.ZipException;

/**
 * Reads one bill's text line by line: the detail header, the detail rows (each handed to
 * the sink at once), the summary header, the summary row, nothing after it but blank
 * lines. A file that ends after its detail rows has no summary (empty, the guards block
 * it); a summary header without its row is a cut file.
 */
final class WechatBillReader {

    private static final String DEFAULT_CURRENCY = "CNY";

    private final BufferedReader reader;

    private final Consumer<BillLine> sink;

    private final boolean compressed;

    private long lineNumber;

    private long payments;

    private long refunds;

    private String currency;

    WechatBillReader(BufferedReader reader, Consumer<BillLine> sink, boolean compressed) {
        this.reader = reader;
        this.sink = sink;
        this.compressed = compressed;
    }

    ParsedBill read() throws IOException {
        try {
            return readLines();
        }
        catch (EOFException | ZipException ex) {
            if (!compressed) {
                throw ex;
            }
            throw new BillFormatException(lineNumber, "the gzip stream is truncated or corrupt", ex);
        }
        catch (CharacterCodingException ex) {
            throw new BillFormatException(lineNumber + 1, "not a bill: the text is not UTF-8", ex);
        }
    }

    private ParsedBill readLines() throws IOException {
        WechatRows rows = new WechatRows(header());
        String line;
        while ((line = next()) != null) {
            if (line.isBlank()) {
                continue;
            }
            if (!line.startsWith("`")) {
                return new ParsedBill(payments, refunds, 0, Optional.of(summary(rows, line)));
            }
            BillLine bill = rows.detail(lineNumber, line);
            checkCurrency(bill);
            if (bill.kind() == Kind.REFUND) {
                refunds++;
            }
            else {
                payments++;
            }
            sink.accept(bill);
        }
        return new ParsedBill(payments, refunds, 0, Optional.empty());
    }

    private WechatBillType header() throws IOException {
        String first = next();
        String line = (first != null && first.startsWith("\uFEFF")) ? first.substring(1) : first;
        if (line == null || line.isBlank()) {
            throw new BillFormatException(lineNumber, "not a bill: the file is empty or starts with a blank line");
        }
        String start = line.stripLeading();
        if (start.startsWith("<") || start.startsWith("{")) {
            throw new BillFormatException(lineNumber, "not a bill: an HTML or JSON page");
        }
        return WechatBillType.ofDetailHeader(line)
            .orElseThrow(() -> new BillFormatException(lineNumber,
                    "unknown detail header (a renamed, added or missing column?): " + abbreviate(line)));
    }

    private BillSummary summary(WechatRows rows, String header) throws IOException {
        if (!rows.type().isSummaryHeader(header)) {
            throw new BillFormatException(lineNumber, "unknown summary header: " + abbreviate(header));
        }
        String row = next();
        while (row != null && row.isBlank()) {
            row = next();
        }
        if (row == null) {
            throw new BillFormatException(lineNumber, "the summary header has no summary row: the file is cut");
        }
        BillSummary summary = rows.summary(lineNumber, row, (currency != null) ? currency : DEFAULT_CURRENCY);
        String after;
        while ((after = next()) != null) {
            if (!after.isBlank()) {
                throw new BillFormatException(lineNumber, "text after the summary row");
            }
        }
        return summary;
    }

    private void checkCurrency(BillLine bill) {
        String lineCurrency = bill.amount().currency();
        if (currency == null) {
            currency = lineCurrency;
        }
        else if (!currency.equals(lineCurrency)) {
            throw new BillFormatException(lineNumber, "a second currency " + lineCurrency + " after " + currency);
        }
    }

    private String next() throws IOException {
        String line = reader.readLine();
        if (line != null) {
            lineNumber++;
        }
        return line;
    }

    private static String abbreviate(String line) {
        return (line.length() > 300) ? line.substring(0, 300) + "..." : line;
    }

}
