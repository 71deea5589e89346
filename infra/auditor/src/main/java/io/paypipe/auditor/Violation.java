package io.paypipe.auditor;

import java.util.List;
import java.util.Map;

/**
 * One broken invariant, with the rows that show it (at most 50; the description says when
 * there were more). Each row's first column identifies it ({@code raw_id},
 * {@code ledger_id}, {@code record}, ...; see {@link Invariant}).
 */
public record Violation(Invariant invariant, String description, List<Map<String, Object>> rows) {

    public Violation {
        rows = List.copyOf(rows);
    }
}
