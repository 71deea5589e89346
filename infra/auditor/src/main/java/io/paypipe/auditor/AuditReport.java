package io.paypipe.auditor;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** What one audit found: the violations and how much it looked at. */
public record AuditReport(List<Violation> violations, Map<String, Long> checked) {

    public AuditReport {
        violations = List.copyOf(violations);
        checked = Map.copyOf(checked);
    }

    public boolean clean() {
        return violations.isEmpty();
    }

    /** A human report: one block per violation with its rows, then the counts. */
    public String render() {
        StringBuilder out = new StringBuilder();
        for (Violation v : violations) {
            out.append("VIOLATION ").append(v.invariant()).append(": ").append(v.description()).append('\n');
            v.rows().forEach(row -> out.append("    ").append(row).append('\n'));
        }
        out.append(clean() ? "audit: no violation" : "audit: " + violations.size() + " violation(s)")
                .append(" (checked ")
                .append(checked.entrySet().stream().sorted(Map.Entry.comparingByKey())
                        .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", ")))
                .append(")\n");
        return out.toString();
    }
}
