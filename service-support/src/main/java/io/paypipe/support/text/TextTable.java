package io.paypipe.support.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A table for a terminal, what the services answer to {@code Accept: text/plain} (the
 * {@code ./paypipe} operator commands print it): a header line, then one line per row,
 * columns padded to their widest cell and two spaces apart. A null cell is {@code -};
 * money is {@link #money minor units and currency}, instants ISO-8601.
 */
public final class TextTable {

    private final List<String> headers;

    private final List<List<String>> rows = new ArrayList<>();

    private TextTable(List<String> headers) {
        this.headers = headers;
    }

    /** A table with these column names (upper case by custom). */
    public static TextTable of(String... headers) {
        return new TextTable(List.of(headers));
    }

    /** One row; as many cells as columns, each shown with {@code toString}. */
    public TextTable row(Object... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException(cells.length + " cells for " + headers.size() + " columns");
        }
        rows.add(Arrays.stream(cells).map(TextTable::cell).toList());
        return this;
    }

    /** The header line and the rows, each line ending in a newline. */
    public String render() {
        int[] widths = new int[headers.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = headers.get(i).length();
            for (List<String> row : rows) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, headers, widths);
        rows.forEach((row) -> line(out, row, widths));
        return out.toString();
    }

    /** {@code 400 CNY}: an amount in minor units and its currency. */
    public static String money(Long minor, String currency) {
        return minor == null ? "-" : minor + " " + (currency == null ? "" : currency);
    }

    private static void line(StringBuilder out, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                line.append("  ");
            }
            String cell = cells.get(i);
            line.append(cell).append(" ".repeat(widths[i] - cell.length()));
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }

    private static String cell(Object value) {
        if (value == null) {
            return "-";
        }
        String text = value.toString().replaceAll("[\\r\\n\\t]+", " ");
        return text.isEmpty() ? "-" : text;
    }

}
