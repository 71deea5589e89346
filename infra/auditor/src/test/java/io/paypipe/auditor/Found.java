package io.paypipe.auditor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What an audit found, one line per offending row: the invariant and the row's id (its
 * first column).
 */
final class Found {

    private Found() {
    }

    static List<String> of(AuditReport report) {
        List<String> found = new ArrayList<>();
        for (Violation v : report.violations()) {
            for (Map<String, Object> row : v.rows()) {
                var id = row.entrySet().iterator().next();
                found.add(line(v.invariant(), id.getKey(), id.getValue()));
            }
        }
        return found;
    }

    static String line(Invariant invariant, String idColumn, Object id) {
        return invariant + " " + idColumn + "=" + id;
    }

}
