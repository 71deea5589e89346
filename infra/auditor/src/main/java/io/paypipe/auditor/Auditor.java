package io.paypipe.auditor;

import io.paypipe.core.topic.Topics;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Reads the database and {@code order.paid} and checks the invariants of DESIGN.md and
 * issue 10, one {@link Invariant} each: trades move one order once, ledger rows and
 * transitions match, paid orders have their ledger row, raw payment and refund rows
 * settle within the retry budget after their last delivery, rows that need a person have
 * an alert about them, illegal payments have their refund task, refunds stay within what
 * each payment paid and have one channel refund id and one amount, refunds not final
 * within their query budget have an alert, orders in a refund state have their refunds,
 * refunds moved by notices have their raw refund rows, and {@code order.paid} and the
 * ledger match both ways after a read that reached the end of the topic. A library call
 * (tests use it) and a command ({@link AuditorCli}).
 */
public final class Auditor {

    /**
     * The production retry ladder (10s ... 2h) adds up to about 3.9 hours; give it some
     * slack.
     */
    public static final Duration DEFAULT_RETRY_BUDGET = Duration.ofHours(4);

    /**
     * Each broker call of the topic read (metadata, offsets): a wrong cluster fails
     * within this.
     */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(15);

    /** The whole topic read, from the beginning to the end offsets. */
    public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofMinutes(2);

    /**
     * How long a refund may stay PENDING or ACCEPTED without an alert: the refund query
     * ladder (1m, 5m, 15m, 1h, 6h) adds up to about 7.4 hours; give it some slack.
     */
    public static final Duration DEFAULT_REFUND_QUERY_BUDGET = Duration.ofHours(8);

    private final JdbcClient jdbc;

    private final String bootstrapServers;

    private final Clock clock;

    private final String orderPaidTopic;

    private final Duration connectTimeout;

    private final Duration readTimeout;

    private final Duration refundQueryBudget;

    public Auditor(DataSource dataSource, String bootstrapServers, Clock clock) {
        this(JdbcClient.create(dataSource), bootstrapServers, clock, Topics.ORDER_PAID.name(), DEFAULT_CONNECT_TIMEOUT,
                DEFAULT_READ_TIMEOUT, DEFAULT_REFUND_QUERY_BUDGET);
    }

    private Auditor(JdbcClient jdbc, String bootstrapServers, Clock clock, String orderPaidTopic,
            Duration connectTimeout, Duration readTimeout, Duration refundQueryBudget) {
        this.jdbc = jdbc;
        this.bootstrapServers = bootstrapServers;
        this.clock = clock;
        this.orderPaidTopic = orderPaidTopic;
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
        this.refundQueryBudget = refundQueryBudget;
    }

    /**
     * The same auditor with other bounds for the topic read (each broker call; the whole
     * read).
     */
    public Auditor withTimeouts(Duration connect, Duration read) {
        return new Auditor(jdbc, bootstrapServers, clock, orderPaidTopic, connect, read, refundQueryBudget);
    }

    /**
     * The same auditor with another refund query budget: how long a refund may stay
     * PENDING or ACCEPTED without an alert ({@link Invariant#REFUND_FINAL_OR_ALERTED}).
     */
    public Auditor withRefundQueryBudget(Duration budget) {
        return new Auditor(jdbc, bootstrapServers, clock, orderPaidTopic, connectTimeout, readTimeout, budget);
    }

    /**
     * Tests only: reads another topic in {@code order.paid}'s place, so each test has a
     * topic of its own.
     */
    Auditor readingOrderPaidFrom(String topic) {
        return new Auditor(jdbc, bootstrapServers, clock, topic, connectTimeout, readTimeout, refundQueryBudget);
    }

    /** Audits everything. */
    public AuditReport audit(Duration retryBudget) {
        return audit(AuditScope.ALL, retryBudget);
    }

    /** Audits the orders of one scope (and their raw rows, alerts, refunds, records). */
    public AuditReport audit(AuditScope scope, Duration retryBudget) {
        SqlChecks sql = new SqlChecks(jdbc, scope);
        Map<String, Long> checked = new LinkedHashMap<>();
        List<Violation> violations = new ArrayList<>(new DatabaseChecks(sql).run(checked));
        violations.addAll(new SettlementChecks(sql).run(clock.instant(), retryBudget, checked));
        violations.addAll(new RefundChecks(sql).run(clock.instant(), refundQueryBudget, checked));
        violations.addAll(new RefundRawChecks(sql).run(clock.instant(), retryBudget, checked));
        violations.addAll(new ReconChecks(sql).run(checked));
        TopicReader reader = new TopicReader(bootstrapServers, orderPaidTopic, connectTimeout, readTimeout);
        violations.addAll(new TopicChecks(jdbc, scope, reader).run(checked));
        return new AuditReport(scope, violations, checked);
    }

}
