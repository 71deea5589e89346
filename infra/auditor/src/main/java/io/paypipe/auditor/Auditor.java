package io.paypipe.auditor;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Reads the database and the output topics and checks the invariants of DESIGN.md: each trade number moved
 * at most one order once; every ledger row matches exactly one applied transition; every acked raw row
 * reached handled 1 or 2 or is younger than its retry budget; no order has more refunds than paid; every
 * order.paid event id maps to one ledger row. A library call (tests use it) and a command
 * ({@link AuditorCli}).
 */
public final class Auditor {

    /** The production retry ladder (10s ... 2h) adds up to about 3.6 hours; give it some slack. */
    public static final Duration DEFAULT_RETRY_BUDGET = Duration.ofHours(4);

    private final JdbcClient jdbc;
    private final String bootstrapServers;
    private final Clock clock;

    public Auditor(DataSource dataSource, String bootstrapServers, Clock clock) {
        this.jdbc = JdbcClient.create(dataSource);
        this.bootstrapServers = bootstrapServers;
        this.clock = clock;
    }

    public AuditReport audit(Duration retryBudget) {
        DatabaseChecks db = new DatabaseChecks(jdbc);
        List<Violation> violations = new ArrayList<>(db.run(clock.instant(), retryBudget));
        Map<String, Long> checked = new LinkedHashMap<>();
        for (String table : List.of("orders", "pay_notify_raw", "payment_ledger", "order_transition", "refund")) {
            checked.put(table, db.count(table));
        }
        violations.addAll(new TopicChecks(jdbc, bootstrapServers).run(checked));
        return new AuditReport(violations, checked);
    }
}
