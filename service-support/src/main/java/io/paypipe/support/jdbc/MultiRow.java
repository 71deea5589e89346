package io.paypipe.support.jdbc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of one multi-row statement of the batch path, as named parameters
 * {@code <column><row>}: the {@code VALUES} list of a multi-row INSERT, or a derived
 * table of literal rows to join an UPDATE with. The SQL text around it stays in its
 * repository; only the row list grows with the batch.
 */
public final class MultiRow {

    private final List<String> columns;

    private final Map<String, Object> params = new HashMap<>();

    private int rows;

    public MultiRow(String... columns) {
        this.columns = List.of(columns);
    }

    /** One row: a value for each column, in the columns' order (null for NULL). */
    public MultiRow add(Object... values) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException(values.length + " values for " + columns);
        }
        for (int c = 0; c < values.length; c++) {
            params.put(columns.get(c) + rows, values[c]);
        }
        rows++;
        return this;
    }

    public int size() {
        return rows;
    }

    public Map<String, Object> params() {
        return params;
    }

    /** {@code (:a0, :b0), (:a1, :b1)}: the rows of a multi-row INSERT. */
    public String values() {
        List<String> out = new ArrayList<>(rows);
        for (int r = 0; r < rows; r++) {
            List<String> names = new ArrayList<>(columns.size());
            for (String column : columns) {
                names.add(":" + column + r);
            }
            out.add("(" + String.join(", ", names) + ")");
        }
        return String.join(", ", out);
    }

    /**
     * {@code SELECT :a0 AS a, :b0 AS b UNION ALL SELECT :a1, :b1}: the rows as a derived
     * table whose columns are named like the parameters.
     */
    public String selects() {
        List<String> out = new ArrayList<>(rows);
        for (int r = 0; r < rows; r++) {
            List<String> names = new ArrayList<>(columns.size());
            for (String column : columns) {
                names.add(":" + column + r + (r == 0 ? " AS " + column : ""));
            }
            out.add("SELECT " + String.join(", ", names));
        }
        return String.join(" UNION ALL ", out);
    }

}
