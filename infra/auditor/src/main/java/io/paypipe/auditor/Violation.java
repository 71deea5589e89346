package io.paypipe.auditor;

import java.util.List;
import java.util.Map;

/** One broken invariant, with the rows that show it. */
public record Violation(Invariant invariant, String description, List<Map<String, Object>> rows) {

    public Violation {
        rows = List.copyOf(rows);
    }
}
