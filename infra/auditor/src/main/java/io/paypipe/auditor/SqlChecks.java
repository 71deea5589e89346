package io.paypipe.auditor;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Runs one audit query in a scope: the rows it returns are the ones that break the
 * invariant.
 */
final class SqlChecks {

    static final int MAX_ROWS = 50;

    private final JdbcClient jdbc;

    private final AuditScope scope;

    SqlChecks(JdbcClient jdbc, AuditScope scope) {
        this.jdbc = jdbc;
        this.scope = scope;
    }

    /**
     * Adds a violation when {@code sql} (which uses {@link AuditScope#sql}) returns rows;
     * shows the first 50.
     */
    void check(List<Violation> found, Invariant invariant, String description, String sql, Map<String, ?> params) {
        var rows = jdbc.sql(sql + " LIMIT " + (MAX_ROWS + 1)).params(withScope(params)).query().listOfRows();
        if (rows.size() > MAX_ROWS) {
            found.add(new Violation(invariant, description + " (first " + MAX_ROWS + " shown)",
                    rows.subList(0, MAX_ROWS)));
        }
        else if (!rows.isEmpty()) {
            found.add(new Violation(invariant, description, rows));
        }
    }

    /** A {@code SELECT COUNT(*) ...} in scope: how many rows a check read. */
    long count(String sql) {
        return jdbc.sql(sql).params(withScope(Map.of())).query(Long.class).single();
    }

    private Map<String, Object> withScope(Map<String, ?> params) {
        Map<String, Object> all = new HashMap<>(params);
        all.putAll(scope.params());
        return all;
    }

}
