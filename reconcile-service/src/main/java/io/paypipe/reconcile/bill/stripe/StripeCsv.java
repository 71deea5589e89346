package io.paypipe.reconcile.bill.stripe;

import io.paypipe.reconcile.bill.BillFormatException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a Stripe report CSV (UTF-8, RFC 4180: comma separated, fields with a comma, a
 * quote or a line break double-quoted, a quote inside doubled) one record at a time. A
 * record is handed out as soon as it is read; nothing is kept. {@link #lineNumber()} is
 * the file line the last record started on (1 = the header).
 */
final class StripeCsv implements AutoCloseable {

    private static final char BOM = '\uFEFF';

    private final BufferedReader reader;

    private long physicalLine;

    private long lineNumber;

    StripeCsv(InputStream in) {
        this.reader = new BufferedReader(new InputStreamReader(in,
                StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)),
                64 * 1024);
    }

    /**
     * The header record, checked to be exactly {@code expected} (names and order): an
     * empty file, an HTML or JSON error page, or any other header is a
     * {@link BillFormatException}.
     */
    void requireHeader(List<String> expected, String report) throws IOException {
        String first = readPhysical();
        if (first == null) {
            throw new BillFormatException(0, "not a bill: the " + report + " file is empty (no header)");
        }
        if (!first.isEmpty() && first.charAt(0) == BOM) {
            first = first.substring(1);
        }
        String start = first.stripLeading();
        if (start.startsWith("<") || start.startsWith("{")) {
            throw new BillFormatException(1, "not a bill: the " + report + " download is an "
                    + (start.startsWith("<") ? "HTML" : "JSON") + " page");
        }
        lineNumber = physicalLine;
        List<String> header = split(first);
        if (!header.equals(expected)) {
            throw new BillFormatException(1, "unknown " + report + " header " + header + ", expected " + expected);
        }
    }

    /**
     * The next record's fields, or {@code null} at the end of the file; blank lines are
     * skipped. A record whose field count is not {@code width} is a
     * {@link BillFormatException} carrying its line number.
     */
    List<String> next(int width) throws IOException {
        String line;
        do {
            line = readPhysical();
            if (line == null) {
                return null;
            }
        }
        while (line.isBlank());
        lineNumber = physicalLine;
        StringBuilder record = new StringBuilder(line);
        while (openQuote(record)) {
            String more = readPhysical();
            if (more == null) {
                throw new BillFormatException(lineNumber, "a quoted field is not closed before the end of the file");
            }
            record.append('\n').append(more);
        }
        List<String> fields = split(record);
        if (fields.size() != width) {
            throw new BillFormatException(lineNumber, fields.size() + " fields where the header has " + width);
        }
        return fields;
    }

    long lineNumber() {
        return lineNumber;
    }

    private String readPhysical() throws IOException {
        String line;
        try {
            line = reader.readLine();
        }
        catch (CharacterCodingException ex) {
            throw new BillFormatException(physicalLine + 1, "not UTF-8 text", ex);
        }
        if (line != null) {
            physicalLine++;
        }
        return line;
    }

    private static boolean openQuote(CharSequence record) {
        boolean open = false;
        for (int i = 0; i < record.length(); i++) {
            if (record.charAt(i) == '"') {
                open = !open;
            }
        }
        return open;
    }

    private List<String> split(CharSequence record) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        for (int i = 0; i < record.length(); i++) {
            char c = record.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < record.length() && record.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                }
                else if (c == '"') {
                    quoted = false;
                }
                else {
                    field.append(c);
                }
            }
            else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
                wasQuoted = false;
            }
            else if (c == '"' && field.isEmpty() && !wasQuoted) {
                quoted = true;
                wasQuoted = true;
            }
            else if (wasQuoted || c == '"') {
                throw new BillFormatException(lineNumber, "a stray quote or text after a quoted field");
            }
            else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }

}
