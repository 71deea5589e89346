package io.paypipe.auditor;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.topic.Topics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The two-way check between {@code order.paid} and the ledger. The ledger is read first,
 * then the topic up to end offsets taken after that, so every ledger row read should have
 * its record on the topic by then (the processor publishes after commit); a record whose
 * event id is not in that ledger snapshot is looked up again before it is reported (its
 * row may have committed during the read). Audit a quiet pipeline: a row committed but
 * not yet published when the read starts is reported.
 */
final class TopicChecks {

    /** The names of this check's counts in {@link AuditReport#checked()}. */
    static final String RECORDS = Topics.ORDER_PAID.name() + " records";
    static final String PARTITIONS = Topics.ORDER_PAID.name() + " partitions";
    static final String EVENT_IDS = Topics.ORDER_PAID.name() + " event ids";
    static final String LEDGER_ROWS_CHECKED = "payment_ledger rows checked against " + Topics.ORDER_PAID.name();
    static final String LEDGER_ROWS_BEFORE_RETENTION = "payment_ledger rows older than " + Topics.ORDER_PAID.name()
            + " retention";

    record LedgerRow(long id, String eventId, long orderId, String channel, String tradeNo, long paidMinor,
            String currency, Instant createdAt, boolean inScope) {
    }

    /** A readable record and its value. */
    private record Read(ConsumerRecord<String, byte[]> record, OrderPaid paid) {
    }

    private final JdbcClient jdbc;

    private final AuditScope scope;

    private final TopicReader reader;

    TopicChecks(JdbcClient jdbc, AuditScope scope, TopicReader reader) {
        this.jdbc = jdbc;
        this.scope = scope;
        this.reader = reader;
    }

    List<Violation> run(Map<String, Long> checked) {
        Map<String, LedgerRow> ledger = new HashMap<>();
        ledger(null).forEach(row -> ledger.put(row.eventId(), row));
        long ledgerInScope = ledger.values().stream().filter(LedgerRow::inScope).count();
        Set<String> seen = new HashSet<>();
        Map<String, List<Read>> unknown = new LinkedHashMap<>();
        RecordFindings records = new RecordFindings();
        TopicReader.Result read = reader.read(record -> {
            OrderPaid paid = records.readable(record);
            if (paid == null || !scope.includes(paid.orderKey().outTradeNo().value())) {
                return;
            }
            seen.add(paid.eventId().value());
            LedgerRow row = ledger.get(paid.eventId().value());
            if (row == null) {
                unknown.computeIfAbsent(paid.eventId().value(), id -> new ArrayList<>()).add(new Read(record, paid));
            }
            else {
                records.judge(record, paid, row);
            }
        });
        lookUpAgain(unknown, records);
        List<Violation> found = new ArrayList<>(records.violations());
        checked.put(RECORDS, read.records());
        checked.put(PARTITIONS, (long) read.endOffsets().size());
        checked.put(EVENT_IDS, (long) seen.size());
        String unreliable = !read.complete() ? read.failure()
                : read.records() == 0 && ledgerInScope > 0
                        ? "the read reached the end, but " + read.topic() + " holds no record while payment_ledger has "
                                + ledgerInScope + " rows (wrong cluster, or the topic was recreated or expired)"
                        : null;
        if (unreliable == null) {
            found.addAll(missingEvents(ledger, seen, read.retentionHorizon(), checked));
        }
        else {
            found.add(incomplete(read, unreliable));
            checked.put(LEDGER_ROWS_CHECKED, 0L);
            checked.put(LEDGER_ROWS_BEFORE_RETENTION, 0L);
        }
        return found;
    }

    /**
     * Ledger rows in scope with no record of their event id, unless older than what the
     * topic still keeps.
     */
    private List<Violation> missingEvents(Map<String, LedgerRow> ledger, Set<String> seen, Instant horizon,
            Map<String, Long> checked) {
        long judged = 0;
        long beforeRetention = 0;
        List<LedgerRow> missing = new ArrayList<>();
        for (LedgerRow row : ledger.values()) {
            if (!row.inScope()) {
                continue;
            }
            if (seen.contains(row.eventId())) {
                judged++;
            }
            else if (horizon != null && row.createdAt().isBefore(horizon)) {
                beforeRetention++; // its record may have been deleted by retention
            }
            else {
                judged++;
                missing.add(row);
            }
        }
        checked.put(LEDGER_ROWS_CHECKED, judged);
        checked.put(LEDGER_ROWS_BEFORE_RETENTION, beforeRetention);
        if (missing.isEmpty()) {
            return List.of();
        }
        missing.sort(Comparator.comparingLong(LedgerRow::id));
        List<Map<String, Object>> rows = new ArrayList<>();
        for (LedgerRow row : missing.subList(0, Math.min(missing.size(), SqlChecks.MAX_ROWS))) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("ledger_id", row.id());
            r.put("order_id", row.orderId());
            r.put("channel", row.channel());
            r.put("channel_trade_no", row.tradeNo());
            r.put("event_id", row.eventId());
            r.put("created_at", row.createdAt());
            rows.add(r);
        }
        String shown = missing.size() > SqlChecks.MAX_ROWS
                ? " (first " + SqlChecks.MAX_ROWS + " of " + missing.size() + " shown)" : "";
        return List.of(new Violation(Invariant.LEDGER_HAS_ORDER_PAID_EVENT,
                "a ledger row without any " + Topics.ORDER_PAID.name() + " record of its event id" + shown, rows));
    }

    /**
     * Records whose event id was not in the ledger snapshot: their row may have committed
     * during the read.
     */
    private void lookUpAgain(Map<String, List<Read>> unknown, RecordFindings records) {
        List<String> ids = new ArrayList<>(unknown.keySet());
        Map<String, LedgerRow> late = new HashMap<>();
        for (int from = 0; from < ids.size(); from += 500) {
            ledger(ids.subList(from, Math.min(ids.size(), from + 500))).forEach(row -> late.put(row.eventId(), row));
        }
        unknown.forEach((eventId, reads) -> reads
            .forEach(read -> records.judge(read.record(), read.paid(), late.get(eventId))));
    }

    /** Every ledger row, or those with the given event ids. */
    private List<LedgerRow> ledger(List<String> eventIds) {
        String sql = """
                SELECT l.id, l.event_id, l.order_id, l.channel, l.channel_trade_no, l.paid_amount_minor, l.currency,
                       l.created_at, o.out_trade_no
                  FROM payment_ledger l LEFT JOIN orders o ON o.id = l.order_id""";
        var query = eventIds == null ? jdbc.sql(sql)
                : jdbc.sql(sql + " WHERE l.event_id IN (:ids)").param("ids", eventIds);
        return query
            .query((rs, n) -> new LedgerRow(rs.getLong("id"), rs.getString("event_id"), rs.getLong("order_id"),
                    rs.getString("channel"), rs.getString("channel_trade_no"), rs.getLong("paid_amount_minor"),
                    rs.getString("currency"), rs.getTimestamp("created_at").toInstant(),
                    scope.includes(rs.getString("out_trade_no"))))
            .list();
    }

    private static Violation incomplete(TopicReader.Result read, String reason) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("topic", read.topic());
        row.put("bootstrap_servers", read.bootstrapServers());
        row.put("reason", reason);
        row.put("records_read", read.records());
        row.put("positions", read.positions());
        row.put("end_offsets", read.endOffsets());
        return new Violation(
                Invariant.TOPIC_READ_COMPLETE, "the read of " + read.topic()
                        + " did not reach the end of every partition; the ledger was not " + "checked against it",
                List.of(row));
    }

}
