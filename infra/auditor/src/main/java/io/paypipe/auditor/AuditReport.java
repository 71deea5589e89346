package io.paypipe.auditor;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What one audit found: the violations, and how much it read ({@code checked}: rows per
 * table, records per topic).
 */
public record AuditReport(AuditScope scope, List<Violation> violations, Map<String, Long> checked) {

    public AuditReport {
        violations = List.copyOf(violations);
        checked = Map.copyOf(checked);
    }

    public boolean clean() {
        return violations.isEmpty();
    }

    /**
     * How many {@code order.paid} records the read went through (all of them, duplicates
     * included).
     */
    public long orderPaidRecordsRead() {
        return checked(TopicChecks.RECORDS);
    }

    /** A count of {@link #checked()}, 0 when the audit did not get to it. */
    public long checked(String what) {
        return checked.getOrDefault(what, 0L);
    }

    /** A human report: one block per violation with its rows, then the counts. */
    public String render() {
        StringBuilder out = new StringBuilder();
        for (Violation v : violations) {
            out.append("VIOLATION ").append(v.invariant()).append(": ").append(v.description()).append('\n');
            v.rows().forEach(row -> out.append("    ").append(row).append('\n'));
        }
        out.append(scope.all() ? "audit" : "audit of " + scope)
            .append(clean() ? ": no violation" : ": " + violations.size() + " violation(s)")
            .append(" (checked ")
            .append(checked.entrySet()
                .stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", ")))
            .append(")\n");
        return out.toString();
    }
}
